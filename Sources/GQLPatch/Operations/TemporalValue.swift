/// An `AWSDate`, `AWSTime` or `AWSDateTime` text read into numbers, so that two spellings of one
/// value compare equal: `2024-01-01Z` and `2024-01-01`, `12:30` and `12:30:00.000Z`,
/// `2024-01-01T13:00+01:00` and `2024-01-01T12:00:00.000Z`. A server may answer any of them for the
/// value it was sent.
///
/// A missing offset counts as UTC (AppSync: the offset is optional). An `AWSDate` keeps its offset
/// (a date is no instant); an `AWSTime` is its time of day in UTC, an `AWSDateTime` its instant.
/// Text of another form is no temporal value (nil), and is then compared as text.
struct TemporalValue: Sendable, Equatable {
    /// The comparable numbers: (days, offset seconds) for a date, (UTC seconds, nanoseconds) otherwise.
    private var parts: [Int]

    init?(_ text: String, scalar: String) {
        var reader = Reader(Array(text.utf8))
        switch scalar {
        case "AWSDate":
            guard let days = reader.days(), let offset = reader.offsetToEnd() else { return nil }
            parts = [days, offset]
        case "AWSTime":
            guard let (seconds, nanoseconds) = reader.time(), let offset = reader.offsetToEnd() else { return nil }
            parts = [Self.modulo(seconds - offset, 86_400), nanoseconds]
        case "AWSDateTime":
            guard let days = reader.days(), reader.take(UInt8(ascii: "T")), let (seconds, nanoseconds) = reader.time(),
                let offset = reader.offsetToEnd()
            else { return nil }
            parts = [days * 86_400 + seconds - offset, nanoseconds]
        default:
            return nil
        }
    }

    private static func modulo(_ value: Int, _ divisor: Int) -> Int {
        let remainder = value % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }

    /// Reads the ISO 8601 pieces AppSync accepts from UTF-8 bytes; nil for anything else.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func number(digits count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard ScalarFormat.isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// `YYYY-MM-DD` as days since 1970-01-01 (a real date only).
        mutating func days() -> Int? {
            guard let year = number(digits: 4), take(UInt8(ascii: "-")), let month = number(digits: 2),
                take(UInt8(ascii: "-")), let day = number(digits: 2),
                (1...12).contains(month), (1...ScalarFormat.daysIn(month: month, year: year)).contains(day)
            else { return nil }
            // Days from the civil date (H. Hinnant's algorithm, years counted from March).
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }

        /// `hh:mm[:ss[.fraction]]` as seconds of the day and nanoseconds.
        mutating func time() -> (Int, Int)? {
            guard let hour = number(digits: 2), take(UInt8(ascii: ":")), let minute = number(digits: 2),
                hour <= 23, minute <= 59
            else { return nil }
            var second = 0
            var nanoseconds = 0
            if take(UInt8(ascii: ":")) {
                guard let value = number(digits: 2), value <= 59 else { return nil }
                second = value
                if take(UInt8(ascii: ".")) {
                    var digits = 0
                    while index < bytes.count, ScalarFormat.isDigit(bytes[index]) {
                        guard digits < 9 else { return nil }
                        nanoseconds = nanoseconds * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                        digits += 1
                        index += 1
                    }
                    guard digits > 0 else { return nil }
                    for _ in digits..<9 { nanoseconds *= 10 }
                }
            }
            return (hour * 3600 + minute * 60 + second, nanoseconds)
        }

        /// The offset in seconds (0 for `Z` or none), which must end the text.
        mutating func offsetToEnd() -> Int? {
            var offset = 0
            if take(UInt8(ascii: "Z")) {
                offset = 0
            } else if index < bytes.count {
                let sign: Int
                if take(UInt8(ascii: "+")) { sign = 1 } else if take(UInt8(ascii: "-")) { sign = -1 } else { return nil }
                guard let hour = number(digits: 2), take(UInt8(ascii: ":")), let minute = number(digits: 2), hour <= 23, minute <= 59
                else { return nil }
                var second = 0
                if take(UInt8(ascii: ":")) {
                    guard let value = number(digits: 2), value <= 59 else { return nil }
                    second = value
                }
                offset = sign * (hour * 3600 + minute * 60 + second)
            }
            return index == bytes.count ? offset : nil
        }
    }
}
