/// A read position in the ASCII bytes of a date or timestamp, for the hand-written readers of
/// RFC 3339 timestamps (`ISO8601Timestamp`) and HTTP-dates (`HTTPDate`). Every read either takes
/// what it asked for and moves on, or returns nil/false and leaves the position where it was.
package struct DateTextCursor {
    package let bytes: [UInt8]
    package var index = 0

    package init(bytes: [UInt8], index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    package var atEnd: Bool { index == bytes.count }

    /// The byte at the cursor, nil at the end.
    package var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Exactly `width` ASCII digits.
    package mutating func number(_ width: Int) -> Int? {
        guard index + width <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + width] {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        index += width
        return value
    }

    /// Takes `text` exactly.
    package mutating func literal(_ text: String) -> Bool {
        let expected = Array(text.utf8)
        guard bytes.count - index >= expected.count, bytes[index..<index + expected.count].elementsEqual(expected)
        else { return false }
        index += expected.count
        return true
    }

    /// Takes one byte that is any of `characters`.
    package mutating func oneOf(_ characters: String) -> Bool {
        guard let byte = current, characters.utf8.contains(byte) else { return false }
        index += 1
        return true
    }

    /// Takes the ASCII digits at the cursor, as many as there are; how many.
    package mutating func skipDigits() -> Int {
        let start = index
        while let byte = current, byte >= 0x30, byte <= 0x39 { index += 1 }
        return index - start
    }

    /// The index in `words` of the word at the cursor.
    package mutating func word(_ words: [String]) -> Int? {
        words.firstIndex { literal($0) }
    }

    /// `HH:MM:SS` as seconds into the day (second 60 allowed).
    package mutating func timeOfDay() -> Int? {
        guard let hour = number(2), literal(":"), let minute = number(2), literal(":"), let second = number(2),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        return hour * 3600 + minute * 60 + second
    }
}
