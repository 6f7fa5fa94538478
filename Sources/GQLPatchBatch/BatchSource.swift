import GQLPatchSupport

/// Where a batch's operations come from, in order: the one input the engine reads (`BatchRun`, a dry
/// run, a preview), whatever made the operations. JSON Lines (a file, standard input) is one source
/// (`BatchLineOperations`); `copy`'s records, typed as they are read from the other API, are another.
/// Owned and read by the one task that drives a batch.
package protocol BatchSource: AnyObject {
    /// The input in messages and in the journal (`items.jsonl`, `<stdin>`, `<copy>`).
    var name: String { get }
    /// The next entry; nil at the input's end. An error ends the input (it cannot be read on).
    func next() async throws(GQLPatchError) -> BatchEntry?
}
