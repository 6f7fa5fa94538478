import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

/// Turns a listing's field tests, JSON filter, sort order and page size into the query it sends: the
/// model's list query, or a secondary index's query. An equality test on a key's partition key
/// queries that key (the primary key when its list query takes it, else the index whose leading
/// sort-key fields are tested most, or the index asked for by name), so one partition comes back in
/// sort-key order; tests on the sort-key fields become its key condition (`rowID: {gt: 3}`; for a
/// composite sort key, equality on leading fields and any operator on the last one tested, as the
/// transformer's composite key condition input: `{beginsWith: {a}}`, `{gt: {a, b}}`). Other tests
/// become `filter` terms with the same operator (`{"f": {"eq": v}}`, or for `F:=null` the test that
/// `f` is absent or null, `ConditionBuilder.nullTest`), AND-ed with the JSON filter, which is
/// checked against the model's filter input. Each request's `limit` is the smaller of the record
/// limit and the page size; with a filter, only the page size: the server's limit counts the records
/// it reads before filtering, so a small one would mean many requests. Messages name the input
/// through the caller's `wording`.
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

    /// A key a listing can query: the primary key through the list query, or a secondary index.
    private struct QueryKey {
        /// The index's name; nil for the primary key.
        var index: String?
        var field: String
        /// Partition key, then sort-key fields.
        var keyFields: [String]
        var arguments: [OperationArgument]
        var partition: String { keyFields[0] }
    }

    /// The arguments of the query for equality tests (see `query`).
    package func arguments(
        model: Model, conditions: [FieldAssignment], filter: JSONValue?, sort: SortOrder?, pageSize: Int?,
        limit: Int? = nil
    ) throws(GQLPatchError) -> JSONObject {
        try query(
            model: model, tests: conditions.map(FieldTest.init), filter: filter, sort: sort, pageSize: pageSize,
            limit: limit
        ).arguments
    }

    /// The tests as one filter object, each typed by the model's filter input (for a client that
    /// checks records itself, as `watch` does); nil when there are none.
    package func filter(model: Model, tests: [FieldTest]) throws(GQLPatchError) -> JSONValue? {
        let assignments = AssignmentTyper(catalogue: catalogue, readFile: readFile)
        var terms: [JSONValue] = []
        for test in tests { terms.append(try filterTerm(test, model: model, assignments: assignments)) }
        switch terms.count {
        case 0: return nil
        case 1: return terms[0]
        default: return .object(JSONObject([("and", .array(terms))]))
        }
    }

    /// The tests and the JSON filter as one filter object, typed by the model's filter input: what
    /// a listing picks, whichever key it queries; nil when there are neither.
    package func selection(model: Model, tests: [FieldTest], filter: JSONValue?) throws(GQLPatchError) -> JSONValue? {
        var terms = try self.filter(model: model, tests: tests).map { [$0] } ?? []
        if let filter, let filterName = model.operations.filterInput {
            terms.append(
                try ValueTyper(catalogue: catalogue).value(
                    fromJSON: filter, as: .named(filterName), at: wording.name(.filterJSON)))
        }
        switch terms.count {
        case 0: return nil
        case 1: return terms[0]
        default: return .object(JSONObject([("and", .array(terms))]))
        }
    }

    /// The query a listing sends; `index` names the secondary index to query (by its name or its query's).
    package func query(
        model: Model, tests: [FieldTest], filter: JSONValue?, sort: SortOrder?, pageSize: Int?, limit: Int? = nil,
        index: String? = nil
    ) throws(GQLPatchError) -> ListQuery {
        let list = model.operations.list ?? "list"
        let assignments = AssignmentTyper(catalogue: catalogue, readFile: readFile)
        var seen: Set<String> = []
        for test in tests where !seen.insert(test.field).inserted {
            throw .usage("\(wording.field(test.field, in: .filter)) given twice")
        }
        let keys = queryKeys(model)
        let chosen: QueryKey?
        if let index {
            chosen = try explicitKey(index, model: model, keys: keys, tests: tests)
        } else {
            chosen = Self.bestKey(keys, tests: tests)
        }
        let listArguments = chosen?.arguments ?? model.operations.listArguments
        let field = chosen?.field ?? list
        var remaining = tests
        var arguments = JSONObject()
        var terms: [JSONValue] = []
        var notes: [String] = []
        if let key = chosen, let at = remaining.firstIndex(where: { $0.field == key.partition && $0.isEquality }),
            let argument = key.arguments.first(where: { $0.name == key.partition })
        {
            arguments[key.partition] = try assignments.value(
                of: remaining[at].assignment(), as: argument.type.nullable,
                at: wording.field(key.partition, in: .filter))
            remaining.remove(at: at)
            terms += try sortKeyCondition(
                key, model: model, remaining: &remaining, into: &arguments, assignments: assignments)
        } else if !tests.isEmpty {
            notes += scanNotes(model: model, tests: tests, keys: keys)
        }
        for test in remaining {
            terms.append(try filterTerm(test, model: model, assignments: assignments))
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
                throw .invalidInput("\(field) takes no filter argument")
            }
            arguments["filter"] = terms.count == 1 ? terms[0] : .object(JSONObject([("and", .array(terms))]))
        }
        if let sort {
            let partition = chosen?.partition ?? model.primaryKey.first ?? "id"
            guard arguments[partition] != nil, listArguments.contains(where: { $0.name == "sortDirection" }) else {
                if let index = keys.first(where: { $0.index != nil }), !keys.contains(where: { $0.index == nil }) {
                    throw .invalidInput(
                        "\(wording.name(.sort)) needs \(wording.name(.filter)) on the partition key of one of \(model.name)'s indexes (\(index.partition)=VALUE for \(index.field))"
                    )
                }
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
                throw .invalidInput("\(wording.name(.pageSize)): \(field) takes no limit argument")
            }
            arguments["limit"] = .int(pageSize)
        }
        if let limit, terms.isEmpty, listArguments.contains(where: { $0.name == "limit" }) {
            arguments["limit"] = .int(min(limit, pageSize ?? limit))
        }
        return ListQuery(
            field: field, declared: listArguments, arguments: arguments, index: chosen?.index, notes: notes)
    }

    /// The primary key (when the list query takes its partition key), then each index with a query.
    private func queryKeys(_ model: Model) -> [QueryKey] {
        var keys: [QueryKey] = []
        let listArguments = model.operations.listArguments
        if let list = model.operations.list, let partition = model.primaryKey.first,
            listArguments.contains(where: { $0.name == partition })
        {
            keys.append(QueryKey(index: nil, field: list, keyFields: model.primaryKey, arguments: listArguments))
        }
        for index in model.indexes {
            guard let query = index.queryField, let partition = index.keyFields.first,
                index.queryArguments.contains(where: { $0.name == partition })
            else { continue }
            keys.append(
                QueryKey(index: index.name, field: query, keyFields: index.keyFields, arguments: index.queryArguments))
        }
        return keys
    }

    /// The key whose partition key has an equality test and whose leading sort-key fields are tested
    /// most; the earlier (the primary key first, then the indexes in schema order) on a tie.
    private static func bestKey(_ keys: [QueryKey], tests: [FieldTest]) -> QueryKey? {
        let equal = Set(tests.filter(\.isEquality).map(\.field))
        let tested = Set(tests.map(\.field))
        var best: (key: QueryKey, score: Int)?
        for key in keys where equal.contains(key.partition) {
            let score = key.keyFields.dropFirst().prefix { tested.contains($0) }.count
            if best == nil || score > best!.score { best = (key, score) }
        }
        return best?.key
    }

    /// The index asked for by name: it must exist, have a query and have its partition key tested.
    private func explicitKey(_ name: String, model: Model, keys: [QueryKey], tests: [FieldTest])
        throws(GQLPatchError) -> QueryKey
    {
        let place = "\(wording.name(.index)) \(name)"
        guard let index = model.indexes.first(where: { $0.name == name || $0.queryField == name }) else {
            if model.indexes.isEmpty {
                throw .invalidInput("\(place): \(model.name) has no secondary indexes")
            }
            let described = model.indexes.map { index in
                "\(index.name) (\(index.queryField.map { "query \($0)" } ?? "no query"))"
            }
            throw .invalidInput(
                "\(place): \(model.name) has no index \(ValueTyper.quoted(name)) (indexes: \(described.joined(separator: ", ")))"
            )
        }
        guard let key = keys.first(where: { $0.index == index.name }) else {
            throw .invalidInput(
                "\(place): the schema has no query for \(model.name)'s index \(index.name) (its @index or @key has no queryField), so it cannot be queried"
            )
        }
        guard tests.contains(where: { $0.field == key.partition && $0.isEquality }) else {
            throw .invalidInput(
                "\(place) needs \(wording.assignment(key.partition, object: false, in: .filter)) (the index's partition key)"
            )
        }
        return key
    }

    /// Why a listing with field tests reads the whole table: the index that has a tested partition key
    /// but no query (or is tested with something other than equality), else the keys that could serve.
    private func scanNotes(model: Model, tests: [FieldTest], keys: [QueryKey]) -> [String] {
        let list = model.operations.list ?? "list"
        var notes: [String] = []
        var partitions: [(field: String, key: String)] = []
        if let partition = model.primaryKey.first, keys.contains(where: { $0.index == nil }) {
            partitions.append((partition, "\(model.name)'s primary key"))
        }
        for index in model.indexes {
            guard let partition = index.keyFields.first else { continue }
            partitions.append((partition, "index \(index.name)"))
            guard let test = tests.first(where: { $0.field == partition }) else { continue }
            if !keys.contains(where: { $0.index == index.name }) {
                notes.append(
                    "index \(index.name) has \(partition) as its partition key but the schema has no query for it (no queryField), so \(list) scans \(model.name) and filters"
                )
            } else if !test.isEquality {
                notes.append(
                    "index \(index.name) is queried only by an equality test on \(partition) (\(wording.assignment(partition, object: false, in: .filter))), so \(list) scans \(model.name) and filters"
                )
            }
        }
        if notes.isEmpty {
            let known = partitions.map { "\($0.field) for \($0.key)" }
            notes.append(
                "\(list) scans \(model.name) and filters: no key or index has \(tests.map(\.field).joined(separator: ", ")) as its partition key"
                    + (known.isEmpty ? "" : " (\(known.joined(separator: ", ")))"))
        }
        return notes
    }

    /// The key condition from the tests on the sort-key fields: for one sort-key field its test's
    /// operator; for a composite sort key the fields tested for equality from the first on, then at most
    /// one other test, as one composite operand (`eq` when every field is given, `beginsWith` for a
    /// leading part). A range on a composite key is also checked in `filter` (the returned terms): its
    /// string order (`a#b`) is not the fields' own.
    private func sortKeyCondition(
        _ key: QueryKey, model: Model, remaining: inout [FieldTest], into arguments: inout JSONObject,
        assignments: AssignmentTyper
    ) throws(GQLPatchError) -> [JSONValue] {
        let sortKeys = Array(key.keyFields.dropFirst())
        guard !sortKeys.isEmpty,
            let argument = key.arguments.first(where: {
                $0.name != key.partition && !Self.fixedArguments.contains($0.name)
            }),
            let condition = catalogue.inputObjects[argument.type.namedType]
        else { return [] }
        var given: [FieldTest] = []
        for name in sortKeys {
            guard
                let test = remaining.first(where: { $0.field == name && !$0.value.isNull }
                )
            else { break }
            given.append(test)
            if test.comparison != .eq { break }
        }
        guard let last = given.last else { return [] }
        var operation = last.comparison
        if sortKeys.count > 1, operation == .eq, given.count < sortKeys.count { operation = .beginsWith }
        let place = wording.field(last.field, in: .filter)
        guard let operatorField = condition.field(operation.rawValue) else {
            throw .invalidInput(
                "\(place): \(condition.name) has no \(operation.rawValue) (the sort key \(last.field) is \(model.field(last.field)?.type.namedType ?? "not a String"))"
            )
        }
        let value: JSONValue
        if sortKeys.count == 1 {
            value = try operand(last, of: operatorField, assignments: assignments, at: place)
        } else {
            guard let composite = catalogue.inputObjects[operatorField.type.namedType] else { return [] }
            func parts(upper: Bool) throws(GQLPatchError) -> JSONValue {
                var parts = JSONObject()
                for test in given {
                    let type = composite.field(test.field)?.type ?? .named("String")
                    parts[test.field] = try assignments.value(
                        of: test.assignment(upper: upper), as: type.nullable,
                        at: wording.field(test.field, in: .filter))
                }
                return .object(parts)
            }
            value =
                operation == .between
                ? .array([try parts(upper: false), try parts(upper: true)]) : try parts(upper: false)
        }
        arguments[argument.name] = .object(JSONObject([(operation.rawValue, value)]))
        let used = Set(given.map(\.field))
        remaining.removeAll { used.contains($0.field) }
        guard sortKeys.count > 1, [.lt, .le, .gt, .ge, .between].contains(operation) else { return [] }
        var terms: [JSONValue] = []
        for test in given { terms.append(try filterTerm(test, model: model, assignments: assignments)) }
        return terms
    }

    /// A test's operand typed by the operator's input field: `[lower, upper]` for `between`.
    private func operand(
        _ test: FieldTest, of operatorField: InputField, assignments: AssignmentTyper, at place: String
    ) throws(GQLPatchError) -> JSONValue {
        guard test.comparison == .between else {
            return try assignments.value(of: test.assignment(), as: operatorField.type.nullable, at: place)
        }
        let element = TypeReference.named(operatorField.type.namedType)
        return .array([
            try assignments.value(of: test.assignment(), as: element, at: place),
            try assignments.value(of: test.assignment(upper: true), as: element, at: place),
        ])
    }

    /// The tests as the `filter` argument of a subscription that takes `input` (Amplify v2's
    /// `ModelSubscriptionItemFilterInput`), so the service sends only the events that pass; nil
    /// when that input cannot say all of them (a field or operator it lacks, a test for null: its
    /// operators have no `attributeExists`) or when there are more than `subscriptionTermLimit`,
    /// since a filter the service refuses would refuse the subscription. The caller still checks
    /// each event itself, so nil only costs traffic.
    package func subscriptionFilter(model: Model, tests: [FieldTest], input: String) -> JSONValue? {
        guard !tests.isEmpty, tests.count <= Self.subscriptionTermLimit, catalogue.inputObjects[input] != nil else {
            return nil
        }
        let assignments = AssignmentTyper(catalogue: catalogue, readFile: readFile)
        var terms: [JSONValue] = []
        for test in tests {
            if test.comparison == .eq, test.value.isNull { return nil }
            guard let term = try? filterTerm(test, model: model, assignments: assignments, input: input) else {
                return nil
            }
            terms.append(term)
        }
        return terms.count == 1 ? terms[0] : .object(JSONObject([("and", .array(terms))]))
    }

    /// How many tests a subscription filter carries at most: AppSync's enhanced filters allow a
    /// handful of conditions per filter group (the developer guide's limits), and the tests of a watch
    /// rarely need more; beyond it the client filters alone.
    package static let subscriptionTermLimit = 5

    private func filterTerm(
        _ test: FieldTest, model: Model, assignments: AssignmentTyper, input: String? = nil
    ) throws(GQLPatchError) -> JSONValue {
        let place = wording.field(test.field, in: .filter)
        guard let filterName = input ?? model.operations.filterInput, let filter = catalogue.inputObjects[filterName]
        else {
            throw .invalidInput("\(place): the schema has no filter input for \(model.name)")
        }
        let names = filter.fields.map(\.name).filter { !["and", "or", "not"].contains($0) }
        guard let field = filter.field(test.field), names.contains(test.field) else {
            if let suggestion = FieldSuggestion.closest(to: test.field, among: names) {
                throw .unknownName(
                    "\(wording.name(.filter)): \(filterName) has no field \(ValueTyper.quoted(test.field)); did you mean \(ValueTyper.quoted(suggestion))?"
                )
            }
            throw .unknownName(
                "\(wording.name(.filter)): \(filterName) has no field \(ValueTyper.quoted(test.field)) (fields: \(names.joined(separator: ", ")))"
            )
        }
        if test.comparison == .eq, test.value.isNull {
            return try ConditionBuilder.nullTest(
                field: test.field, operators: catalogue.inputObjects[field.type.namedType],
                place: "\(place):=null", described: "\(model.name).\(test.field)")
        }
        let operation = test.comparison.rawValue
        guard let operatorField = catalogue.inputObjects[field.type.namedType]?.field(operation) else {
            throw .invalidInput("\(place): \(field.type.namedType) has no \(operation) test")
        }
        let value = try operand(test, of: operatorField, assignments: assignments, at: place)
        return .object(JSONObject([(test.field, .object(JSONObject([(operation, value)])))]))
    }
}
