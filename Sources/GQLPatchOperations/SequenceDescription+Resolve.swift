import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

extension SequenceDescription {
    /// The sequence of `model`'s records under `parent` numbered by `orderField`, with every check
    /// made before anything is sent (each refusal exit 65, worded through `wording`; `orderSource`
    /// names where the order field was given, `parent` is reported as `.key`):
    /// - `orderField` is a field of the model, of type `Int` (not a list);
    /// - it is the only sort-key field of the primary key, or of a secondary index that has a query
    ///   (a composite sort key orders by its `a#b` text, not by the number, so it is refused; an index
    ///   without a query could only be read by a scan, which a sequence never is);
    /// - that key's query takes the partition key and `sortDirection`;
    /// - `parent` gives exactly the key's partition key (where both the primary key and an index
    ///   fit, the one whose partition key is given; the primary key first), typed by the query's
    ///   argument.
    package static func resolve(
        model: Model, parent: [FieldAssignment], orderField: String, orderSource: InputSource,
        catalogue: ModelCatalogue, readFile: @escaping @Sendable (String) throws(GQLPatchError) -> [UInt8],
        wording: any InputWording
    ) throws(GQLPatchError) -> SequenceDescription {
        let place = wording.field(orderField, in: orderSource)
        guard let field = model.field(orderField) else {
            let names = model.fields.filter { $0.relationship == nil }.map(\.name)
            throw .invalidInput(
                "\(place): \(model.name) has no field \(ValueTyper.quoted(orderField))\(FieldSuggestion.phrase(for: orderField, among: names))"
            )
        }
        guard !field.isList, field.type.namedType == "Int" else {
            throw .invalidInput(
                "\(place): \(model.name).\(orderField) is \(field.type.description), not Int: a sequence is numbered by an Int field"
            )
        }
        let candidates = try keys(model: model, orderField: orderField, place: place)
        let given = parent.map(\.field)
        let chosen = candidates.first { given.contains($0.partition) } ?? candidates[0]
        var typedParent = JSONObject()
        let assignments = AssignmentTyper(catalogue: catalogue, readFile: readFile)
        var seen: Set<String> = []
        for assignment in parent {
            guard seen.insert(assignment.field).inserted else {
                throw .usage("\(wording.field(assignment.field, in: .key)) given twice")
            }
            guard assignment.field == chosen.partition else {
                let why =
                    assignment.field == orderField
                    ? "the number is the sequence's to choose; give the parent only"
                    : "not the parent of \(model.name)'s \(orderField) sequence"
                throw .invalidInput(
                    "\(wording.field(assignment.field, in: .key)): \(why) (its parent is \(chosen.partition), the partition key of \(chosen.described))"
                )
            }
            let type = chosen.arguments.first { $0.name == chosen.partition }?.type ?? field.type
            typedParent[chosen.partition] = try assignments.value(
                of: assignment, as: type.nullable, at: wording.field(chosen.partition, in: .key))
            if typedParent[chosen.partition]?.isNull ?? true {
                throw .invalidInput("\(wording.field(chosen.partition, in: .key)): the parent's key cannot be null")
            }
        }
        guard !typedParent.isEmpty else {
            throw .invalidInput(
                "\(wording.missing(chosen.partition, in: .key)) (the parent of \(model.name)'s \(orderField) sequence: the partition key of \(chosen.described))"
            )
        }
        return SequenceDescription(
            model: model, source: chosen.source, parent: typedParent, orderField: orderField,
            queryField: chosen.field, declared: chosen.arguments, conditionArgument: chosen.condition)
    }

    /// A key that can read the sequence.
    private struct Candidate {
        var source: Source
        var field: String
        var partition: String
        var arguments: [OperationArgument]
        var condition: String
        var described: String
    }

    /// The primary key and the indexes whose only sort key is `orderField` and whose query can read
    /// one partition in order; refuses with the reason when there is none.
    private static func keys(model: Model, orderField: String, place: String) throws(GQLPatchError) -> [Candidate] {
        var found: [Candidate] = []
        var reasons: [String] = []
        func consider(
            _ source: Source, described: String, keyFields: [String], query: String?, arguments: [OperationArgument]
        ) {
            guard keyFields.dropFirst().contains(orderField) else { return }
            guard keyFields.count == 2 else {
                reasons.append(
                    "\(described) sorts by \(keyFields.dropFirst().joined(separator: ", ")) together (a composite sort key orders by text, not by the number)"
                )
                return
            }
            let partition = keyFields[0]
            guard let query else {
                reasons.append("\(described) has no query (no queryField), and a sequence is never read by a scan")
                return
            }
            let condition = arguments.first {
                $0.name != partition && !ListArgumentsBuilder.fixedArguments.contains($0.name)
            }
            guard arguments.contains(where: { $0.name == partition }),
                arguments.contains(where: { $0.name == "sortDirection" }), let condition
            else {
                reasons.append(
                    "\(described)'s query \(query) does not take \(partition), \(orderField) and sortDirection")
                return
            }
            found.append(
                Candidate(
                    source: source, field: query, partition: partition, arguments: arguments, condition: condition.name,
                    described: described))
        }
        consider(
            .primaryKey, described: "\(model.name)'s primary key", keyFields: model.primaryKey,
            query: model.operations.list, arguments: model.operations.listArguments)
        for index in model.indexes {
            consider(
                .index(index.name), described: "\(model.name)'s index \(index.name)", keyFields: index.keyFields,
                query: index.queryField, arguments: index.queryArguments)
        }
        guard found.isEmpty else { return found }
        if !reasons.isEmpty {
            throw .invalidInput("\(place): \(reasons.joined(separator: "; "))")
        }
        var keys = ["primary key (\(model.primaryKey.joined(separator: ", ")))"]
        keys += model.indexes.map { "index \($0.name) (\($0.keyFields.joined(separator: ", ")))" }
        throw .invalidInput(
            "\(place): \(model.name).\(orderField) is not the sort key of \(model.name)'s primary key or of an index (\(keys.joined(separator: ", "))): a sequence is numbered by a key's only sort-key field"
        )
    }
}
