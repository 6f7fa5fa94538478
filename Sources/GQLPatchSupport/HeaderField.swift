/// One HTTP header: given with `--header 'Name: value'`, or added by gqlpatch (auth, content type).
public struct HeaderField: Sendable, Hashable {
    public var name: String
    public var value: String
    /// Where the value came from: the exit code when the transport refuses it (`HeaderCheck`).
    public var origin: HeaderOrigin

    public init(name: String, value: String, origin: HeaderOrigin = .configuration) {
        self.name = name
        self.value = value
        self.origin = origin
    }

    /// Whether `name` is `lowercased` (an ASCII lower-case header name) in any case, compared byte
    /// by byte: header names are tokens, ASCII only.
    package static func nameEquals(_ name: String, lowercased: StaticString) -> Bool {
        guard name.utf8.count == lowercased.utf8CodeUnitCount else { return false }
        var expected = lowercased.utf8Start
        for byte in name.utf8 {
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            if folded != expected.pointee { return false }
            expected += 1
        }
        return true
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    package func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
