/// A parsed GraphQL document: type-system and/or executable definitions, in source order.
public struct Document: Sendable, Hashable {
    public var definitions: [Definition]

    public init(definitions: [Definition]) {
        self.definitions = definitions
    }

    /// Type definitions and extensions, in source order.
    public var typeDefinitions: [TypeDefinition] {
        definitions.compactMap { if case .type(let t) = $0 { return t } else { return nil } }
    }

    public var operations: [OperationDefinition] {
        definitions.compactMap { if case .operation(let o) = $0 { return o } else { return nil } }
    }
}
