import GQLPatchSchema
import GraphQLSDL

/// The fields of the root types (query, mutation) a hand-written document may use, with their
/// argument names when the schema spells them out. Built from the catalogue's model operations and,
/// for SDL schemas, the root types the file declares (compiled schemas declare all of them; source
/// schemas their custom ones).
package struct RootFieldTable: Sendable {
    /// Known fields per operation type; `nil` for a type whose fields are not all known (then it is not checked).
    package var fields: [OperationType: [String: [String]?]] = [:]
    package var typeNames: [OperationType: String] = [
        .query: "Query", .mutation: "Mutation", .subscription: "Subscription",
    ]

    package init(catalogue: ModelCatalogue, sdl: Document?, file: String) {
        var query: [String: [String]?] = [:]
        var mutation: [String: [String]?] = [:]
        for model in catalogue.models.values {
            let operations = model.operations
            if let get = operations.get {
                query[get] = operations.getArguments.isEmpty ? .some(nil) : operations.getArguments.map(\.name)
            }
            if let list = operations.list {
                query[list] = operations.listArguments.isEmpty ? .some(nil) : operations.listArguments.map(\.name)
            }
            if let sync = operations.sync { query[sync] = .some(nil) }
            // Secondary-index queries (a source schema's `@index(queryField:)` has no Query type to read).
            for index in model.indexes {
                guard let field = index.queryField else { continue }
                query[field] = index.queryArguments.isEmpty ? .some(nil) : index.queryArguments.map(\.name)
            }
            for name in [operations.create, operations.update, operations.delete].compactMap({ $0 }) {
                mutation[name] = operations.conditionInput == nil ? .some(nil) : ["input", "condition"]
            }
        }
        if let sdl, let table = try? SchemaTypeTable(document: sdl, file: file) {
            typeNames[.query] = table.queryTypeName
            typeNames[.mutation] = table.mutationTypeName
            typeNames[.subscription] = table.subscriptionTypeName
            for field in table[table.queryTypeName]?.fields ?? [] { query[field.name] = field.arguments.map(\.name) }
            for field in table[table.mutationTypeName]?.fields ?? [] {
                mutation[field.name] = field.arguments.map(\.name)
            }
        }
        fields[.query] = query
        fields[.mutation] = mutation
    }
}
