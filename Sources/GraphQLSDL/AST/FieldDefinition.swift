/// A field of an object or interface type: `name(args): Type @dir`.
public struct FieldDefinition: Sendable, Hashable {
    public var description: String?
    public var name: String
    public var arguments: [InputValueDefinition]
    public var type: TypeReference
    public var directives: [Directive]
    public var location: SourceLocation

    public init(
        description: String? = nil, name: String, arguments: [InputValueDefinition] = [],
        type: TypeReference, directives: [Directive] = [], location: SourceLocation
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.location = location
    }

    public func directive(_ name: String) -> Directive? {
        directives.first { $0.name == name }
    }
}
