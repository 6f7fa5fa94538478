import GraphQLSDL

/// One argument of a query or mutation field: `tenantId: ID!`.
public struct OperationArgument: Sendable, Hashable {
    public var name: String
    public var type: TypeReference

    public init(name: String, type: TypeReference) {
        self.name = name
        self.type = type
    }
}
