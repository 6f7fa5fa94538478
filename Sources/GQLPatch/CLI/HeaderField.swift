/// One HTTP header given with `--header 'Name: value'`.
public struct HeaderField: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Parses `Name: value`; the name must be an HTTP token.
    static func parse(_ text: String) -> HeaderField? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = String(text[..<colon]).trimmingWhitespace()
        let value = String(text[text.index(after: colon)...]).trimmingWhitespace()
        let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        guard !name.isEmpty, name.allSatisfy({ tokenCharacters.contains($0) }) else { return nil }
        guard !value.contains(where: { $0 == "\r" || $0 == "\n" }) else { return nil }
        return HeaderField(name: name, value: value)
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
