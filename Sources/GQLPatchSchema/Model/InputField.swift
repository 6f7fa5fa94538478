import GraphQLSDL

/// One field of an input object type.
public struct InputField: Sendable, Hashable {
    public var name: String
    public var type: TypeReference

    public init(name: String, type: TypeReference) {
        self.name = name
        self.type = type
    }
}
