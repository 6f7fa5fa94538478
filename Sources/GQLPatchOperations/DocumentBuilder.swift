import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

/// Builds the GraphQL documents and variables for a model's operations, with the names and argument
/// types the catalogue records (`getItem(id: ID!)`, `UpdateItemInput`, ...). Operation names are
/// `Get<M>`, `List<M>`, `Create<M>`, `Update<M>` and `Delete<M>`.
public struct DocumentBuilder: Sendable {
    public init() {}

    /// `query GetItem($id: ID!) { getItem(id: $id) { ... } }`, one variable per get argument, taken from `key`.
    public func getQuery(model: Model, selection: SelectionSet, key: JSONObject) throws(GQLPatchError)
        -> GraphQLRequestBody
    {
        guard let field = model.operations.get else {
            throw .invalidInput("the API has no get operation for \(model.name)")
        }
        let arguments = Self.getArguments(of: model)
        var variables = JSONObject()
        for argument in arguments {
            guard let value = key[argument.name] else {
                throw .invalidInput("\(model.name): no value for \(argument.name), an argument of \(field)")
            }
            variables[argument.name] = value
        }
        return request(
            kind: "query", name: "Get\(model.name)", field: field, arguments: arguments,
            selection: selection, variables: variables)
    }

    /// The get query's arguments: the catalogue's, or (a schema that does not list them) one non-null
    /// argument per key field, typed as the field.
    public static func getArguments(of model: Model) -> [OperationArgument] {
        guard model.operations.getArguments.isEmpty else { return model.operations.getArguments }
        return model.primaryKey.map { name in
            OperationArgument(
                name: name, type: model.field(name).map { .nonNull($0.type.nullable) } ?? .nonNull(.named("ID")))
        }
    }

    /// `query ListItems($filter: ...) { listItems(filter: $filter) { items { ... } nextToken } }`, declaring
    /// only the arguments given, with their schema types.
    public func listQuery(model: Model, selection: SelectionSet, arguments: JSONObject) throws(GQLPatchError)
        -> GraphQLRequestBody
    {
        guard let field = model.operations.list else {
            throw .invalidInput("the API has no list operation for \(model.name)")
        }
        return try listQuery(
            model: model, selection: selection,
            query: ListQuery(field: field, declared: model.operations.listArguments, arguments: arguments))
    }

    /// The query of a listing plan: the list query or an index query, with the arguments it declares.
    public func listQuery(model: Model, selection: SelectionSet, query: ListQuery) throws(GQLPatchError)
        -> GraphQLRequestBody
    {
        for name in query.arguments.keys where !query.declared.contains(where: { $0.name == name }) {
            let known = query.declared.map(\.name).joined(separator: ", ")
            throw .unknownName("\(query.field) has no argument \(name) (it takes: \(known))")
        }
        let used = query.declared.filter { query.arguments[$0.name] != nil }
        var variables = JSONObject()
        for argument in used { variables[argument.name] = query.arguments[argument.name] }
        return request(
            kind: "query", name: "List\(model.name)", field: query.field, arguments: used,
            selection: selection, wrapsInList: true, variables: variables)
    }

    public func createMutation(
        model: Model, selection: SelectionSet, input: JSONObject, condition: JSONValue? = nil
    ) throws(GQLPatchError) -> GraphQLRequestBody {
        try mutation(
            verb: "Create", field: model.operations.create, inputType: model.operations.createInput, model: model,
            selection: selection, input: input, condition: condition)
    }

    /// `mutation UpdateItem($input: UpdateItemInput!, $condition: ModelItemConditionInput) { updateItem(input: $input, condition: $condition) { ... } }`;
    /// `$condition` only when a condition is given.
    public func updateMutation(
        model: Model, selection: SelectionSet, input: JSONObject, condition: JSONValue? = nil
    ) throws(GQLPatchError) -> GraphQLRequestBody {
        try mutation(
            verb: "Update", field: model.operations.update, inputType: model.operations.updateInput, model: model,
            selection: selection, input: input, condition: condition)
    }

    public func deleteMutation(
        model: Model, selection: SelectionSet, input: JSONObject, condition: JSONValue? = nil
    ) throws(GQLPatchError) -> GraphQLRequestBody {
        try mutation(
            verb: "Delete", field: model.operations.delete, inputType: model.operations.deleteInput, model: model,
            selection: selection, input: input, condition: condition)
    }

    // MARK: - Pieces

    private func mutation(
        verb: String, field: String?, inputType: String?, model: Model, selection: SelectionSet, input: JSONObject,
        condition: JSONValue?
    ) throws(GQLPatchError) -> GraphQLRequestBody {
        guard let field, let inputType else {
            throw .invalidInput("the API has no \(verb.lowercased()) operation for \(model.name)")
        }
        var arguments = [OperationArgument(name: "input", type: .nonNull(.named(inputType)))]
        var variables = JSONObject([("input", .object(input))])
        if let condition, !condition.isNull {
            guard let conditionType = model.operations.conditionInput else {
                throw .invalidInput("the API's \(field) takes no condition")
            }
            arguments.append(OperationArgument(name: "condition", type: .named(conditionType)))
            variables["condition"] = condition
        }
        return request(
            kind: "mutation", name: "\(verb)\(model.name)", field: field, arguments: arguments,
            selection: selection, variables: variables)
    }

    private func request(
        kind: String, name: String, field: String, arguments: [OperationArgument], selection: SelectionSet,
        wrapsInList: Bool = false, variables: JSONObject
    ) -> GraphQLRequestBody {
        let shape = DocumentShape(
            wrapsInList: wrapsInList, kind: kind, name: name, field: field, arguments: arguments, selection: selection)
        return GraphQLRequestBody(query: DocumentMemo.shared.text(of: shape), variables: variables, operationName: name)
    }
}
