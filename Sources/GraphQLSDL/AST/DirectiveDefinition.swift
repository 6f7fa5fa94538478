/// `directive @name(args) repeatable on LOCATION | LOCATION`.
public struct DirectiveDefinition: Sendable, Hashable {
    public var description: String?
    public var name: String
    public var arguments: [InputValueDefinition]
    public var isRepeatable: Bool
    public var locations: [String]
    public var location: SourceLocation

    public init(
        description: String? = nil, name: String, arguments: [InputValueDefinition] = [],
        isRepeatable: Bool = false, locations: [String], location: SourceLocation
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.location = location
    }
}
