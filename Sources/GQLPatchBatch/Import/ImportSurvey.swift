import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// The first pass of `import` over its file, before anything is sent: each line checked against the
/// target's schema (its model, the fields of the input its write takes, each value typed as `apply`
/// types it, owner values without a mapping) and, at the end, the required fields of each model's
/// create input that no line sets. Memory stays bounded whatever the file's length: per model the
/// names of the fields its lines set, and per model, field and kind of problem one entry.
package struct ImportSurvey: Sendable {
    package let rewrite: ImportRewrite
    package let parser: BatchLineParser

    /// Per model seen: the fields its lines set or key (after the rewrite), in file order of models.
    private var named: [String: Set<String>] = [:]
    private var models: [String] = []
    /// The problems by model, field and kind, and the order they were first seen in.
    private var found: [String: ImportProblem] = [:]
    private var foundOrder: [String] = []
    /// Non-blank lines read.
    package private(set) var lines = 0

    /// At most this many owner values are kept per model and field for the message.
    static let ownerValuesShown = 3

    package init(rewrite: ImportRewrite, parser: BatchLineParser) {
        self.rewrite = rewrite
        self.parser = parser
    }

    private var catalogue: ModelCatalogue { rewrite.catalogue }

    /// Surveys every line of `source`, to its end (where its seal is judged).
    package mutating func read(_ source: BatchLineSource) throws(GQLPatchError) {
        while let line = try source.next() { add(line) }
    }

    package mutating func add(_ line: JSONLine) {
        guard !line.isBlank else { return }
        lines += 1
        var value: JSONValue
        do {
            value = try line.parse()
        } catch {
            note(ImportProblem(model: "", field: nil, kind: .damaged(message: error.message), firstLine: line.number))
            return
        }
        if let object = value.objectValue { value = .object(rewrite.withoutDropped(object)) }
        guard let object = value.objectValue, let modelName = object["model"]?.stringValue,
            let op = object["op"]?.stringValue, ["upsert", "create", "update"].contains(op),
            object["key"]?.objectValue != nil, object["set"]?.objectValue != nil
        else {
            note(
                ImportProblem(
                    model: object(value)?["model"]?.stringValue ?? "", field: nil,
                    kind: .invalidLine(
                        message:
                            "not an export line ({\"op\": \"upsert\"|\"create\"|\"update\", \"model\", \"key\", \"set\"})"
                    ),
                    firstLine: line.number))
            return
        }
        guard let model = catalogue.models[modelName] else {
            note(ImportProblem(model: modelName, field: nil, kind: .unknownModel, firstLine: line.number))
            return
        }
        if named[modelName] == nil {
            named[modelName] = []
            models.append(modelName)
        }
        let set = object["set"]?.objectValue ?? JSONObject()
        var fits = true
        let effectiveOp = rewrite.mode == .create && op == "upsert" ? "create" : op
        if let input = ImportRewrite.input(of: model, op: effectiveOp, catalogue: catalogue) {
            for name in set.keys where input.field(name) == nil {
                note(
                    ImportProblem(
                        model: modelName, field: name, kind: .unknownField(input: input.name), firstLine: line.number))
                fits = false
            }
        }
        if rewrite.owner == nil, op != "update" {
            for field in model.ownerFields {
                let unmapped = Self.strings(set[field]).filter { rewrite.ownerMap[$0] == nil }
                if !unmapped.isEmpty {
                    note(
                        ImportProblem(
                            model: modelName, field: field, kind: .unmappedOwner(values: unmapped),
                            firstLine: line.number))
                    fits = false
                }
            }
        }
        let rewritten = rewrite.rewrite(object)
        named[modelName, default: []].formUnion(rewritten["set"]?.objectValue?.keys ?? [])
        named[modelName, default: []].formUnion(object["key"]?.objectValue?.keys ?? [])
        guard fits else { return }
        do {
            _ = try parser.parse(Self.line(rewritten, number: line.number))
        } catch {
            note(typingProblem(rewritten, model: modelName, line: line.number, message: error.message))
        }
    }

    /// The field whose value the parser refused: the first whose value alone, in an update, is refused
    /// too; nil (the line as a whole) when none is.
    private func typingProblem(_ object: JSONObject, model: String, line: Int, message: String) -> ImportProblem {
        for (name, value) in object["set"]?.objectValue ?? JSONObject() {
            var alone = JSONObject()
            alone["op"] = "update"
            alone["model"] = .string(model)
            alone["key"] = object["key"]
            alone["set"] = .object(JSONObject([(name, value)]))
            do {
                _ = try parser.parse(Self.line(alone, number: line))
            } catch {
                return ImportProblem(
                    model: model, field: name, kind: .wrongType(message: error.message), firstLine: line)
            }
        }
        return ImportProblem(model: model, field: nil, kind: .invalidLine(message: message), firstLine: line)
    }

    /// Every problem found, in the order first seen, then each model's required fields never set.
    package var problems: [ImportProblem] {
        var all = foundOrder.compactMap { found[$0] }
        for name in models {
            guard let model = catalogue.models[name] else { continue }
            all += ImportProblem.requiredNeverSet(model, written: named[name] ?? [], in: catalogue)
        }
        return all
    }

    /// `replace`: per model of the file, the target's writable fields (as `export` writes them) that no
    /// line names and that may be null.
    package var clearedFields: [String: [String]] {
        var cleared: [String: [String]] = [:]
        for name in models {
            guard let model = catalogue.models[name] else { continue }
            let writable = ExportLine(model: model, catalogue: catalogue, includeTimestamps: false).fields
            let set = named[name] ?? []
            let fields = writable.filter { !set.contains($0) && model.field($0)?.isRequired != true }
            if !fields.isEmpty { cleared[name] = fields }
        }
        return cleared
    }

    /// The models of the file, in the order first seen.
    package var modelsSeen: [String] { models }

    private mutating func note(_ problem: ImportProblem) {
        let tag: String
        switch problem.kind {
        case .unknownModel: tag = "model"
        case .unknownField: tag = "field"
        case .wrongType: tag = "type"
        case .requiredNeverSet: tag = "required"
        case .unmappedOwner, .ownersNotMapped: tag = "owner"
        case .invalidLine: tag = "line"
        case .damaged: tag = "damaged"
        }
        let key = "\(problem.model)\u{0}\(problem.field ?? "")\u{0}\(tag)"
        guard var known = found[key] else {
            found[key] = problem
            foundOrder.append(key)
            return
        }
        known.lines += 1
        if case .unmappedOwner(let seen) = known.kind, case .unmappedOwner(let more) = problem.kind,
            seen.count < Self.ownerValuesShown
        {
            var values = seen
            for value in more where !values.contains(value) && values.count < Self.ownerValuesShown {
                values.append(value)
            }
            known.kind = .unmappedOwner(values: values)
        }
        found[key] = known
    }

    private func object(_ value: JSONValue) -> JSONObject? { value.objectValue }

    private static func strings(_ value: JSONValue?) -> [String] {
        if let text = value?.stringValue { return [text] }
        return (value?.arrayValue ?? []).compactMap(\.stringValue)
    }

    private static func line(_ object: JSONObject, number: Int) -> JSONLine {
        var bytes: [UInt8] = []
        JSONValue.object(object).write(to: &bytes, pretty: false)
        return JSONLine(number: number, bytes: bytes)
    }
}
