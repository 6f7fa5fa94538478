import GQLPatchOperations
import GQLPatchSupport
import JSON

extension BatchLineParser {
    /// The `"op"` of a line that calls a custom query or mutation.
    package static let callOp = "call"
    /// The members a call line may hold.
    package static let callKeys = ["op", "operation", "args", "select"]

    /// The checked entry for a line that is not blank: a call (`{"op": "call", "operation": NAME,
    /// "args": {...}, "select": [PATHS]}`) or an operation on a record.
    package func parseEntry(_ line: JSONLine) throws(BatchLineError) -> BatchEntry {
        let value = try Self.value(of: line)
        do {
            if let object = value.objectValue, object["op"] == .string(Self.callOp) {
                return .call(
                    try call(from: object, number: line.number, digest: wantsDigest ? Self.digest(line.bytes) : ""))
            }
            return .operation(try operation(from: value, number: line.number) { line.bytes })
        } catch {
            throw BatchLineError(line: line.number, column: nil, message: error.message)
        }
    }

    /// A call line's request, its arguments typed by the operation's argument types.
    private func call(from object: JSONObject, number: Int, digest: String) throws(GQLPatchError) -> BatchCall {
        for name in object.keys where !Self.callKeys.contains(name) {
            let hint = FieldSuggestion.closest(to: name, among: Self.callKeys).map { "; did you mean \"\($0)\"?" } ?? ""
            throw .invalidInput(
                "unknown key \(ValueTyper.quoted(name)) in a call line\(hint) (a call line may hold: \(Self.callKeys.joined(separator: ", ")))"
            )
        }
        guard let name = object["operation"]?.stringValue, !name.isEmpty else {
            throw .invalidInput(
                object["operation"] == nil
                    ? "a call line needs \"operation\", the query or mutation to call"
                    : "\"operation\" must be the name of a query or mutation, got \(object["operation"]!.serialized())")
        }
        var arguments = JSONObject()
        if let args = object["args"] {
            guard let given = args.objectValue else {
                throw .invalidInput(
                    "\"args\" must be a JSON object of argument values, got \(PatchFile.kind(of: args))")
            }
            arguments = given
        }
        var select: [String]?
        if let paths = object["select"] {
            guard case .array(let items) = paths, !items.isEmpty, items.allSatisfy({ $0.stringValue?.isEmpty == false })
            else {
                throw .invalidInput(
                    "\"select\" must be an array of field paths (\"status\", \"stats.count\"), got \(paths.serialized())"
                )
            }
            select = items.compactMap(\.stringValue)
        }
        guard let calls else { throw .invalidInput("a call line is not taken here: only apply runs custom operations") }
        let table = try calls().worded(by: wording)
        let (operation, request) = try table.request(calling: name, arguments: arguments, select: select)
        if atomic, operation.kind == .mutation {
            throw .invalidInput(
                "\(wording.name(.atomic)) cannot undo a call of \(name): what a custom mutation changes is its resolver's"
            )
        }
        return BatchCall(
            line: number, operation: name, mutates: operation.kind == .mutation, request: request, digest: digest)
    }
}
