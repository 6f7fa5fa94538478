/// `alias: name(args) @dir { ... }` inside a selection set.
public struct FieldSelection: Sendable, Hashable {
    public var alias: String?
    public var name: String
    public var arguments: [Argument]
    public var directives: [Directive]
    public var selectionSet: [Selection]
    public var location: SourceLocation

    public init(
        alias: String? = nil, name: String, arguments: [Argument] = [], directives: [Directive] = [],
        selectionSet: [Selection] = [], location: SourceLocation
    ) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}
