import GQLPatchSchema
import JSON

/// Turns an export line into the `apply` line `import` sends: the mode's operation, owner fields
/// mapped (`ownerMap`) or set (`owner`) by the target's owner rules, and under `replace` the
/// target-only fields cleared. The same file and options always give the same bytes, so a journal
/// written by one run matches the lines of its resumed run.
package struct ImportRewrite: Sendable {
    package var catalogue: ModelCatalogue
    package var mode: ImportMode
    /// Old owner value -> new one; values not in it are kept (the survey refused the file if any was
    /// left unmapped on an owner-protected model).
    package var ownerMap: [String: String]
    /// The value every owner field gets; nil: values mapped by `ownerMap`.
    package var owner: String?
    /// Per model, fields left out of every line (the target lacks them, or they are not wanted there).
    package var dropped: [String: Set<String>] = [:]
    /// `replace`: per model, the fields no line names (`ImportSurvey.clearedFields`), nulled on each
    /// first-pass line.
    package var cleared: [String: [String]] = [:]

    package init(catalogue: ModelCatalogue, mode: ImportMode, ownerMap: [String: String] = [:], owner: String? = nil) {
        self.catalogue = catalogue
        self.mode = mode
        self.ownerMap = ownerMap
        self.owner = owner
    }

    /// The line rewritten; a line that is not an export line comes back as it is (the parser reports it).
    package func rewrite(_ line: JSONLine) -> JSONLine {
        guard !line.isBlank, let object = try? line.parse().objectValue else { return line }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.bytes.count + 32)
        JSONValue.object(rewrite(object)).write(to: &bytes, pretty: false)
        return JSONLine(number: line.number, bytes: bytes)
    }

    /// `object` without the dropped fields of its model in `set`.
    package func withoutDropped(_ object: JSONObject) -> JSONObject {
        guard let modelName = object["model"]?.stringValue, let fields = dropped[modelName],
            let set = object["set"]?.objectValue
        else { return object }
        var kept = set
        for field in fields { _ = kept.removeValue(forKey: field) }
        var line = object
        line["set"] = .object(kept)
        return line
    }

    package func rewrite(_ object: JSONObject) -> JSONObject {
        let object = withoutDropped(object)
        guard let op = object["op"]?.stringValue, let modelName = object["model"]?.stringValue,
            let model = catalogue.models[modelName], var set = object["set"]?.objectValue
        else { return object }
        var line = object
        if op == "update" {
            // A second-pass link: under `create`, only where the record holds none (a record that was
            // there before keeps its own).
            if mode == .create {
                line["if"] = .object(JSONObject(set.keys.map { ($0, JSONValue.null) }))
            }
            return line
        }
        for field in model.ownerFields where Self.input(of: model, op: op, catalogue: catalogue)?.field(field) != nil {
            if let owner {
                set[field] = model.field(field)?.isList == true ? .array([.string(owner)]) : .string(owner)
            } else if let value = set[field] {
                set[field] = mapped(value)
            }
        }
        if mode == .replace, op == "upsert" {
            for field in cleared[modelName] ?? [] where set[field] == nil { set[field] = .null }
        }
        line["set"] = .object(set)
        if mode == .create, op == "upsert" { line["op"] = "create" }
        return line
    }

    /// An owner value (a string, or a list of them) with each string mapped.
    private func mapped(_ value: JSONValue) -> JSONValue {
        if let text = value.stringValue { return .string(ownerMap[text] ?? text) }
        if let items = value.arrayValue { return .array(items.map(mapped)) }
        return value
    }

    /// The target's input a line's write takes: the update input for an update or upsert (its create
    /// input when there is none), the create input for a create.
    package static func input(of model: Model, op: String, catalogue: ModelCatalogue) -> InputObject? {
        let name =
            op == "create"
            ? model.operations.createInput : model.operations.updateInput ?? model.operations.createInput
        return name.flatMap { catalogue.inputObjects[$0] }
    }
}
