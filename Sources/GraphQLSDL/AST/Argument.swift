/// One `name: value` argument of a directive or field selection.
public struct Argument: Sendable, Hashable {
    public var name: String
    public var value: Value
    public var location: SourceLocation

    public init(name: String, value: Value, location: SourceLocation) {
        self.name = name
        self.value = value
        self.location = location
    }
}
