/// One entry of a batch's source: an operation on a record, a call, or an input line that could not become one (which
/// fails as its own line, and is matched against a resumed journal by its digest).
package enum BatchEntry: Sendable {
    case operation(BatchOperation)
    /// A custom query or mutation (`{"op": "call"}`).
    case call(BatchCall)
    /// A logged write to put back (`undo`).
    case undo(BatchUndo)
    /// `digest`: as `BatchOperation.digest` (empty when the run keeps no journal).
    case refused(BatchLineError, digest: String)

    /// The input line the entry stands for.
    package var line: Int {
        switch self {
        case .operation(let operation): operation.line
        case .call(let call): call.line
        case .undo(let undo): undo.line
        case .refused(let error, _): error.line
        }
    }

    package var digest: String {
        switch self {
        case .operation(let operation): operation.digest
        case .call(let call): call.digest
        case .undo(let undo): undo.digest
        case .refused(_, let digest): digest
        }
    }
}
