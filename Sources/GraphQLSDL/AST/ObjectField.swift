/// One `name: value` entry of an object value literal.
public struct ObjectField: Sendable, Hashable {
    public var name: String
    public var value: Value

    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }
}
