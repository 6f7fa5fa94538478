/// One command option as given on the command line (`value` is nil for flags).
public struct ParsedOption: Sendable, Hashable {
    public var name: String
    public var value: String?

    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }
}
