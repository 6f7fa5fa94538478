/// A directive application: `@primaryKey(sortKeyFields: ["a"])`.
public struct Directive: Sendable, Hashable {
    public var name: String
    public var arguments: [Argument]
    public var location: SourceLocation

    public init(name: String, arguments: [Argument], location: SourceLocation) {
        self.name = name
        self.arguments = arguments
        self.location = location
    }

    /// The value of the named argument, if present.
    public func argument(_ name: String) -> Value? {
        arguments.first { $0.name == name }?.value
    }
}
