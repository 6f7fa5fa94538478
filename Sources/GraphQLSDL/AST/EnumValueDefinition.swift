/// One value of an enum type.
public struct EnumValueDefinition: Sendable, Hashable {
    public var description: String?
    public var name: String
    public var directives: [Directive]
    public var location: SourceLocation

    public init(description: String? = nil, name: String, directives: [Directive] = [], location: SourceLocation) {
        self.description = description
        self.name = name
        self.directives = directives
        self.location = location
    }
}
