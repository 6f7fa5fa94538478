/// One line of a JSON Lines stream, without its line terminator (see `JSONLineReader`).
public struct JSONLine: Sendable, Equatable {
    /// 1-based line number in the stream.
    public var number: Int
    /// The line's bytes (UTF-8 expected; checked only by `parse()`).
    public var bytes: [UInt8]

    public init(number: Int, bytes: [UInt8]) {
        self.number = number
        self.bytes = bytes
    }

    /// True when the line holds only JSON whitespace (space, tab, CR) or nothing.
    public var isBlank: Bool {
        bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }

    /// The line as text (invalid UTF-8 is replaced by U+FFFD).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Parses the line as one JSON value; an error carries this line's number as its line.
    public func parse() throws(JSONParseError) -> JSONValue {
        do {
            return try JSONValue.parse(bytes)
        } catch {
            // A line holds no LF, so the error is on line 1 of `bytes`.
            throw JSONParseError(line: number, column: error.column, message: error.message)
        }
    }
}
