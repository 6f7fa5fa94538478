/// `$name: Type = default @dir` in an operation's header.
public struct VariableDefinition: Sendable, Hashable {
    public var name: String
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    public var location: SourceLocation

    public init(
        name: String, type: TypeReference, defaultValue: Value? = nil, directives: [Directive] = [],
        location: SourceLocation
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}
