import GQLPatchOperations
import GQLPatchSchema
import JSON

/// `copy`'s checks before the first record is read: what the export will write (each model's export
/// line, from the source's schema) against what the target's inputs take, decided from the two
/// schemas and the options alone. It finds what `ImportSurvey` finds from a file's lines except what
/// only values show (a value that does not type, an owner value the mapping lacks): a model or field
/// the target lacks, a field whose type cannot hold the source's values, a required field the export
/// never writes, and owner fields written with neither `--map-owner` nor `--owner`.
package struct ImportSchemaCheck: Sendable {
    /// The target's side: its catalogue, the mode and the owner options.
    package let rewrite: ImportRewrite
    package let source: ModelCatalogue

    package init(rewrite: ImportRewrite, source: ModelCatalogue) {
        self.rewrite = rewrite
        self.source = source
    }

    private var target: ModelCatalogue { rewrite.catalogue }

    /// The problems, per model in export order: fields first, then the required ones never written.
    package func problems(_ lines: [ExportLine]) -> [ImportProblem] {
        var problems: [ImportProblem] = []
        for line in lines {
            let name = line.model.name
            guard let model = target.models[name] else {
                problems.append(ImportProblem(model: name, field: nil, kind: .unknownModel, firstLine: 0, lines: 0))
                continue
            }
            let op = rewrite.mode == .create || line.op == "create" ? "create" : "upsert"
            guard let input = ImportRewrite.input(of: model, op: op, catalogue: target) else {
                problems.append(
                    ImportProblem(
                        model: name, field: nil, kind: .invalidLine(message: "the target has no write for \(name)"),
                        firstLine: 0, lines: 0))
                continue
            }
            let dropped = rewrite.dropped[name] ?? []
            for field in line.fields + line.deferredFields where !dropped.contains(field) {
                guard let taken = input.field(field) else {
                    problems.append(
                        ImportProblem(
                            model: name, field: field, kind: .unknownField(input: input.name), firstLine: 0, lines: 0))
                    continue
                }
                if let given = line.model.field(field), let why = mismatch(given, taken) {
                    problems.append(
                        ImportProblem(model: name, field: field, kind: .wrongType(message: why), firstLine: 0, lines: 0)
                    )
                }
            }
            if rewrite.owner == nil, rewrite.ownerMap.isEmpty {
                for field in model.ownerFields where line.fields.contains(field) && input.field(field) != nil {
                    problems.append(
                        ImportProblem(model: name, field: field, kind: .ownersNotMapped, firstLine: 0, lines: 0))
                }
            }
            problems += ImportProblem.requiredNeverSet(model, written: Set(written(by: line, in: model)), in: target)
        }
        return problems
    }

    /// `replace`: per model, the target's writable fields the export never writes and that may be
    /// null (as `ImportSurvey.clearedFields` finds them from a file).
    package func clearedFields(_ lines: [ExportLine]) -> [String: [String]] {
        var cleared: [String: [String]] = [:]
        for line in lines {
            guard let model = target.models[line.model.name] else { continue }
            let written = Set(written(by: line, in: model))
            let writable = ExportLine(model: model, catalogue: target, includeTimestamps: false).fields
            let fields = writable.filter { !written.contains($0) && model.field($0)?.isRequired != true }
            if !fields.isEmpty { cleared[model.name] = fields }
        }
        return cleared
    }

    /// The fields every line of the model names once rewritten: the key, what the export writes, and
    /// the owner fields `--owner` sets.
    private func written(by line: ExportLine, in model: Model) -> [String] {
        let dropped = rewrite.dropped[line.model.name] ?? []
        var names = line.model.primaryKey + (line.fields + line.deferredFields).filter { !dropped.contains($0) }
        if rewrite.owner != nil { names += model.ownerFields }
        return names
    }

    /// Why values of the source's field cannot go into the target's input field; nil
    /// when they may (whether each value does is the line's check: a text into `AWSEmail`, an enum's
    /// value, a null into a required field).
    private func mismatch(_ field: ModelField, _ input: InputField) -> String? {
        let (given, taken) = (field.type, input.type)
        if given.isList != taken.isList {
            return
                "the source's \(given) does not fit the target's \(taken) (\(given.isList ? "a list" : "one value") against \(taken.isList ? "a list" : "one value"))"
        }
        let from = kind(given.namedType, in: source)
        let to = kind(taken.namedType, in: target)
        if from == to || (from == .integer && to == .number) { return nil }
        return "the source's \(given.namedType) does not fit the target's \(taken.namedType)"
    }

    private enum ValueKind { case text, integer, number, boolean, object }

    /// The JSON a value of `type` is.
    private func kind(_ type: String, in catalogue: ModelCatalogue) -> ValueKind {
        switch type {
        case "Int", "AWSTimestamp": return .integer
        case "Float": return .number
        case "Boolean": return .boolean
        default:
            if catalogue.enums[type] != nil || catalogue.scalars.contains(type) { return .text }
            return .object
        }
    }
}
