import GQLPatchSupport

/// The AppSync temporal pieces (`AWSDate`, `AWSTime`, `AWSDateTime`) read as values, for
/// `TemporalValue`: each either takes its text and moves on, or returns nil.
extension DateTextCursor {
    /// `YYYY-MM-DD` as days since 1970-01-01 (a real date only).
    package mutating func days() -> Int? {
        guard let year = number(4), literal("-"), let month = number(2),
            literal("-"), let day = number(2),
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
    package mutating func time() -> (Int, Int)? {
        guard let hour = number(2), literal(":"), let minute = number(2),
            hour <= 23, minute <= 59
        else { return nil }
        var second = 0
        var nanoseconds = 0
        if literal(":") {
            guard let value = number(2), value <= 59 else { return nil }
            second = value
            if literal(".") {
                var digits = 0
                while let byte = current, ScalarFormat.isDigit(byte) {
                    guard digits < 9 else { return nil }
                    nanoseconds = nanoseconds * 10 + Int(byte - UInt8(ascii: "0"))
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
    package mutating func offsetToEnd() -> Int? {
        var offset = 0
        if literal("Z") {
            offset = 0
        } else if !atEnd {
            let sign: Int
            if literal("+") { sign = 1 } else if literal("-") { sign = -1 } else { return nil }
            guard let hour = number(2), literal(":"), let minute = number(2), hour <= 23, minute <= 59
            else { return nil }
            var second = 0
            if literal(":") {
                guard let value = number(2), value <= 59 else { return nil }
                second = value
            }
            offset = sign * (hour * 3600 + minute * 60 + second)
        }
        return atEnd ? offset : nil
    }
}
