/// An argument definition or an input object field: `name: Type = default @dir`.
public struct InputValueDefinition: Sendable, Hashable {
    public var description: String?
    public var name: String
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    public var location: SourceLocation

    public init(
        description: String? = nil, name: String, type: TypeReference, defaultValue: Value? = nil,
        directives: [Directive] = [], location: SourceLocation
    ) {
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}
