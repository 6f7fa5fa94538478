import GQLPatchSchema
import GQLPatchSupport
import JSON

extension CustomOperationTable {
    /// The request calling the operation `name` with `arguments` (JSON values, as an `apply` line
    /// gives them), each typed by its argument's type exactly as `--arg NAME:=JSON` is, and sent as a
    /// variable; with the document `document(for:given:select:)` makes. Nothing is read from files.
    package func request(calling name: String, arguments: JSONObject, select: [String]?)
        throws(GQLPatchError) -> (operation: CustomOperation, request: GraphQLRequestBody)
    {
        let operation = try self.operation(named: name)
        let text = try document(for: operation, given: arguments.keys, select: select)
        let typer = AssignmentTyper(catalogue: catalogue, readFile: Self.noFiles)
        var variables = JSONObject()
        for (argumentName, value) in arguments {
            // `document` refused an argument the operation lacks.
            guard let argument = operation.arguments.first(where: { $0.name == argumentName }) else { continue }
            variables[argumentName] = try typer.value(
                of: FieldAssignment(field: argumentName, value: .parsed(value)), as: argument.type,
                at: wording.field(argumentName, in: .argument))
        }
        return (operation, GraphQLRequestBody(query: text, variables: variables, operationName: "Call"))
    }

    /// Values given as JSON never name a file.
    private static let noFiles: @Sendable (String) throws(GQLPatchError) -> [UInt8] = { path throws(GQLPatchError) in
        throw .invalidInput("\(path): a file cannot be named here")
    }
}
