import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

/// Turns a listing's field tests, JSON filter, sort order and page size into the arguments of the
/// model's list query. Field tests on the partition key (for models whose list query takes it) and
/// then on the sort-key fields use the primary-key arguments (`recipeID: "r1", rowID: {eq: 3}`), so
/// one partition comes back in sort-key order; other fields become `filter` terms
/// (`{"f": {"eq": v}}`, or for `F:=null` the test that `f` is absent or null,
/// `ConditionBuilder.nullTest`), AND-ed with the JSON filter, which is checked against the model's
/// filter input. Each request's `limit` is the smaller of the record limit and the page size; with a
/// filter, only the page size: the server's limit counts the records it reads before filtering, so a
/// small one would mean many requests. Messages name the input through the caller's `wording`.
package struct ListArgumentsBuilder: Sendable {
    package var catalogue: ModelCatalogue
    package var readFile: @Sendable (String) throws(GQLPatchError) -> [UInt8]
    package var wording: any InputWording

    package init(
        catalogue: ModelCatalogue, readFile: @escaping @Sendable (String) throws(GQLPatchError) -> [UInt8],
        wording: any InputWording
    ) {
        self.catalogue = catalogue
        self.readFile = readFile
        self.wording = wording
    }

    package static let fixedArguments: Set<String> = ["filter", "limit", "nextToken", "sortDirection"]

    package func arguments(
        model: Model, conditions: [FieldAssignment], filter: JSONValue?, sort: SortOrder?, pageSize: Int?,
        limit: Int? = nil
    ) throws(GQLPatchError) -> JSONObject {
        let listArguments = model.operations.listArguments
        let list = model.operations.list ?? "list"
        let assignments = AssignmentTyper(catalogue: catalogue, readFile: readFile)
        var seen: Set<String> = []
        for condition in conditions where !seen.insert(condition.field).inserted {
            throw .usage("\(wording.field(condition.field, in: .filter)) given twice")
        }
        var remaining = conditions
        var arguments = JSONObject()
        // The partition key, when the list query takes it.
        if let partition = model.primaryKey.first, let argument = listArguments.first(where: { $0.name == partition }),
            let index = remaining.firstIndex(where: { $0.field == partition && $0.value != .null })
        {
            arguments[partition] = try assignments.value(
                of: remaining[index], as: argument.type.nullable, at: wording.field(partition, in: .filter))
            remaining.remove(at: index)
            try sortKeyCondition(model: model, remaining: &remaining, into: &arguments, assignments: assignments)
        }
        var terms: [JSONValue] = []
        for condition in remaining {
            terms.append(try filterTerm(condition, model: model, assignments: assignments))
        }
        if let filter {
            guard let filterName = model.operations.filterInput, catalogue.inputObjects[filterName] != nil else {
                throw .invalidInput("\(wording.name(.filterJSON)): the schema has no filter input for \(model.name)")
            }
            terms.append(
                try ValueTyper(catalogue: catalogue).value(
                    fromJSON: filter, as: .named(filterName), at: wording.name(.filterJSON)))
        }
        if !terms.isEmpty {
            guard listArguments.contains(where: { $0.name == "filter" }) else {
                throw .invalidInput("\(list) takes no filter argument")
            }
            arguments["filter"] = terms.count == 1 ? terms[0] : .object(JSONObject([("and", .array(terms))]))
        }
        if let sort {
            let partition = model.primaryKey.first ?? "id"
            guard arguments[partition] != nil, listArguments.contains(where: { $0.name == "sortDirection" }) else {
                if listArguments.contains(where: { $0.name == "sortDirection" }) {
                    throw .invalidInput(
                        "\(wording.name(.sort)) needs \(wording.name(.filter)) on \(model.name)'s partition key (\(partition)=VALUE)"
                    )
                }
                throw .invalidInput(
                    "\(wording.name(.sort)): \(model.name) has no sort key (\(list) takes no sortDirection)")
            }
            arguments["sortDirection"] = .string(sort == .asc ? "ASC" : "DESC")
        }
        if let pageSize {
            guard listArguments.contains(where: { $0.name == "limit" }) else {
                throw .invalidInput("\(wording.name(.pageSize)): \(list) takes no limit argument")
            }
            arguments["limit"] = .int(pageSize)
        }
        if let limit, terms.isEmpty, listArguments.contains(where: { $0.name == "limit" }) {
            arguments["limit"] = .int(min(limit, pageSize ?? limit))
        }
        return arguments
    }

    /// The sort-key condition argument: `{eq: v}` for one sort-key field; for a composite sort key
    /// `{eq: {a, b}}` when every field is given, `{beginsWith: {a}}` for a leading part.
    private func sortKeyCondition(
        model: Model, remaining: inout [FieldAssignment], into arguments: inout JSONObject, assignments: AssignmentTyper
    ) throws(GQLPatchError) {
        let sortKeys = Array(model.primaryKey.dropFirst())
        guard !sortKeys.isEmpty, let partition = model.primaryKey.first,
            let argument = model.operations.listArguments.first(where: {
                $0.name != partition && !Self.fixedArguments.contains($0.name)
            }),
            let condition = catalogue.inputObjects[argument.type.namedType]
        else { return }
        var given: [(String, FieldAssignment)] = []
        for name in sortKeys {
            guard let assignment = remaining.first(where: { $0.field == name && $0.value != .null }) else { break }
            given.append((name, assignment))
        }
        guard !given.isEmpty else { return }
        if sortKeys.count == 1 {
            let type = condition.field("eq")?.type ?? model.field(sortKeys[0])?.type.nullable ?? .named("String")
            let value = try assignments.value(
                of: given[0].1, as: type.nullable, at: wording.field(sortKeys[0], in: .filter))
            arguments[argument.name] = .object(JSONObject([("eq", value)]))
        } else {
            let operation = given.count == sortKeys.count ? "eq" : "beginsWith"
            guard let compositeName = condition.field(operation)?.type.namedType,
                let composite = catalogue.inputObjects[compositeName]
            else {
                return
            }
            var parts = JSONObject()
            for (name, assignment) in given {
                let type = composite.field(name)?.type ?? .named("String")
                parts[name] = try assignments.value(
                    of: assignment, as: type.nullable, at: wording.field(name, in: .filter))
            }
            arguments[argument.name] = .object(JSONObject([(operation, .object(parts))]))
        }
        let used = Set(given.map(\.0))
        remaining.removeAll { used.contains($0.field) }
    }

    private func filterTerm(_ condition: FieldAssignment, model: Model, assignments: AssignmentTyper)
        throws(GQLPatchError) -> JSONValue
    {
        guard let filterName = model.operations.filterInput, let filter = catalogue.inputObjects[filterName] else {
            throw .invalidInput(
                "\(wording.field(condition.field, in: .filter)): the schema has no filter input for \(model.name)")
        }
        let names = filter.fields.map(\.name).filter { !["and", "or", "not"].contains($0) }
        guard let field = filter.field(condition.field), names.contains(condition.field) else {
            if let suggestion = FieldSuggestion.closest(to: condition.field, among: names) {
                throw .invalidInput(
                    "\(wording.name(.filter)): \(filterName) has no field \(ValueTyper.quoted(condition.field)); did you mean \(ValueTyper.quoted(suggestion))?"
                )
            }
            throw .invalidInput(
                "\(wording.name(.filter)): \(filterName) has no field \(ValueTyper.quoted(condition.field)) (fields: \(names.joined(separator: ", ")))"
            )
        }
        if condition.value == .null || condition.value == .json("null") {
            return try ConditionBuilder.nullTest(
                field: condition.field, operators: catalogue.inputObjects[field.type.namedType],
                place: "\(wording.field(condition.field, in: .filter)):=null",
                described: "\(model.name).\(condition.field)")
        }
        guard let eq = catalogue.inputObjects[field.type.namedType]?.field("eq") else {
            throw .invalidInput(
                "\(wording.field(condition.field, in: .filter)): \(field.type.namedType) has no eq test")
        }
        let value = try assignments.value(
            of: condition, as: eq.type.nullable, at: wording.field(condition.field, in: .filter))
        return .object(JSONObject([(condition.field, .object(JSONObject([("eq", value)])))]))
    }
}
