import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import GraphQLSDL
import JSON

/// `gqlpatch call`: the document for one query or mutation field made from the schema (each
/// argument a variable of its own type, the selection from the return type), then sent, checked and
/// printed as `query` sends a hand-written one: the `--arg` values typed by the variables' types.
package struct CallCommand: Sendable {
    package var options: CallOptions
    package var settings: Settings
    package var context: RunContext
    /// A mutation asks first in a protected environment (`CommandRun.confirmWrite`).
    package var confirmWrite: (@Sendable (Settings) throws(GQLPatchError) -> Void)?

    package func run() async throws(GQLPatchError) {
        let table = try Self.operations(settings: settings, context: context)
        if options.list {
            try printList(table)
            return
        }
        let operation = try table.operation(named: options.operation ?? "")
        if options.describe {
            try describe(operation, table)
            return
        }
        if let model = operation.model {
            context.console.message(
                "gqlpatch: note: \(operation.name) is \(model)'s generated operation: get, list, create, update and delete do it with \(model)'s record rules (versions, conditions, retries)"
            )
        }
        let text = try table.document(
            for: operation, given: options.arguments.map(\.field), select: options.select)
        var query = QueryOptions(document: .inline(text))
        query.variables = options.arguments
        var command = QueryCommand(options: query, settings: settings, context: context)
        command.field = operation.name
        command.idempotent = options.idempotent
        command.confirmWrite = confirmWrite
        try await command.run()
    }

    /// `operations`, read once, when first asked for (`apply`'s call lines: a run without one never
    /// reads the schema again).
    static func operationsOnce(settings: Settings, context: RunContext)
        -> @Sendable () throws(GQLPatchError) -> CustomOperationTable
    {
        let made = LockedValue<Result<CustomOperationTable, GQLPatchError>?>(nil)
        return { () throws(GQLPatchError) -> CustomOperationTable in
            try made.withValue { (value: inout Result<CustomOperationTable, GQLPatchError>?) in
                if value == nil {
                    value = Result { () throws(GQLPatchError) in try operations(settings: settings, context: context) }
                }
                return value!
            }.get()
        }
    }

    /// The schema's operations: from SDL (compiled or source), or a Gen 2 model introspection's
    /// `queries` and `mutations` (`amplify_outputs.json`).
    static func operations(settings: Settings, context: RunContext) throws(GQLPatchError) -> CustomOperationTable {
        try operations(catalogue: settings.catalogue, source: settings.schemaSource, files: context.files)
    }

    /// The operations of the schema `catalogue` was read from (`source`).
    static func operations(catalogue: ModelCatalogue, source: String, files: FileSystem) throws(GQLPatchError)
        -> CustomOperationTable
    {
        let sdl: Document?
        if catalogue.origin == .modelIntrospection {
            sdl = try ModelIntrospectionSDL.document(try files.read(source, limit: .schemaFile), file: source)
        } else {
            sdl = QueryCommand.schemaDocument(source: source, files: files)
        }
        guard let sdl else {
            throw .configuration(
                "call reads the operations from the schema (compiled, as `gqlpatch schema pull` writes it, the Amplify source schema, or amplify_outputs.json); \(source.isEmpty ? "none was found" : "\(source) could not be read as one"): give \(OptionName.schema) FILE"
            )
        }
        return try CustomOperationTable(catalogue: catalogue, sdl: sdl, file: source, wording: CommandLineWording())
    }

    /// `call <operation> --help`: the signature, each argument as `--arg` takes it (its type, whether
    /// required, an enum's values, an input's fields), and the default selection of the result.
    private func describe(_ operation: CustomOperation, _ table: CustomOperationTable) throws(GQLPatchError) {
        let catalogue = settings.catalogue
        var lines = [operation.signature, ""]
        if !operation.arguments.isEmpty { lines.append("Arguments:") }
        for argument in operation.arguments {
            let name = argument.type.namedType
            let form =
                "  \(OptionName.arg) \(argument.name)\(CustomOperation.takesJSON(argument, in: catalogue) ? ":=JSON" : "=VALUE")"
            var about = "\(argument.type)\(CustomOperation.isRequired(argument) ? ", required" : "")"
            if let values = catalogue.enums[name] { about += ": \(values.joined(separator: ", "))" }
            if let input = catalogue.inputObjects[name] {
                about += " {\(input.fields.map { "\($0.name): \($0.type)" }.joined(separator: ", "))}"
            }
            lines.append(form + String(repeating: " ", count: max(2, 30 - form.count)) + about)
        }
        let shown = try table.selection(for: operation, select: nil)
        lines.append("")
        lines.append(
            "Prints the \(operation.returns) as JSON"
                + (shown.isEmpty ? "." : ", selecting by default (--select changes it): \(shown)"))
        context.console.writeOut(Array((lines.joined(separator: "\n") + "\n").utf8))
        try context.console.checkOutput()
    }

    /// One signature a line, or with `--json` one array.
    private func printList(_ table: CustomOperationTable) throws(GQLPatchError) {
        let console = context.console
        if options.json {
            let list = table.custom.map { operation in
                JSONValue.object(
                    JSONObject([
                        ("name", .string(operation.name)), ("kind", .string(operation.kind.rawValue)),
                        (
                            "arguments",
                            .array(
                                operation.arguments.map {
                                    .object(JSONObject([("name", .string($0.name)), ("type", .string("\($0.type)"))]))
                                })
                        ),
                        ("returns", .string("\(operation.returns)")),
                    ]))
            }
            try CommandSession(settings: settings, context: context).printRecord(.array(list), envelope: nil)
            return
        }
        for operation in table.custom { console.writeOut(Array((operation.signature + "\n").utf8)) }
        try console.checkOutput()
    }
}
