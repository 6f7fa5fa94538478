/// `schema { query: Q mutation: M }` or `extend schema ...`.
public struct SchemaDefinition: Sendable, Hashable {
    public var description: String?
    public var directives: [Directive]
    public var operationTypes: [OperationType: String]
    public var isExtension: Bool
    public var location: SourceLocation

    public init(
        description: String? = nil, directives: [Directive] = [], operationTypes: [OperationType: String],
        isExtension: Bool = false, location: SourceLocation
    ) {
        self.description = description
        self.directives = directives
        self.operationTypes = operationTypes
        self.isExtension = isExtension
        self.location = location
    }
}
