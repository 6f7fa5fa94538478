import GQLPatchSupport
import GraphQLSDL

/// Which Amplify GraphQL transformer compiles a source schema: v1 (`@key`, `@connection`, `@versioned`;
/// Gen 1 projects before transformer v2) or v2 (`@primaryKey`, `@index`, `@hasMany`, ...; later Gen 1 and
/// every Gen 2 project). The two name and shape the compiled schema differently.
public enum TransformerGeneration: Int, Sendable, Equatable {
    case v1 = 1
    case v2 = 2

    /// Directives only one generation knows.
    private static let v1Directives: Set<String> = ["key", "connection", "versioned"]
    private static let v2Directives: Set<String> = [
        "primaryKey", "index", "hasMany", "hasOne", "belongsTo", "manyToMany",
    ]

    /// The generation the directives of `table`'s object types call for, nil when they name none of
    /// either; a schema with both is an error naming one of each, with its place.
    package static func decided(by table: SchemaTypeTable, file: String) throws(GQLPatchError) -> TransformerGeneration?
    {
        var first: [TransformerGeneration: Directive] = [:]
        func note(_ directive: Directive) {
            let generation: TransformerGeneration
            if v1Directives.contains(directive.name) {
                generation = .v1
            } else if v2Directives.contains(directive.name) {
                generation = .v2
            } else {
                return
            }
            if first[generation] == nil { first[generation] = directive }
        }
        for type in table.all(.object) {
            type.directives.forEach(note)
            for field in type.fields { field.directives.forEach(note) }
        }
        switch (first[.v1], first[.v2]) {
        case (let v1?, let v2?):
            let later = v1.location.offset > v2.location.offset ? v1 : v2
            func place(_ directive: Directive) -> String {
                "@\(directive.name) (\(file):\(directive.location.line):\(directive.location.column))"
            }
            throw SchemaDiagnostic.error(
                file, later.location,
                "the schema mixes v1 transformer directives (\(place(v1))) with v2 ones (\(place(v2))); "
                    + "a schema is compiled by one transformer: use @key/@connection or @primaryKey/@index/@hasMany/..., not both"
            )
        case (.some, nil): return .v1
        case (nil, .some): return .v2
        case (nil, nil): return nil
        }
    }
}
