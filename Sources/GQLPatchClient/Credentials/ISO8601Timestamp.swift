import GQLPatchSupport

/// Reads the RFC 3339 timestamps that STS, IMDS, container endpoints and `credential_process`
/// use for `Expiration`: `2021-08-16T20:52:53Z`, with an optional fraction and `Z` or `±HH:MM`.
package enum ISO8601Timestamp {
    /// Whole seconds since 1970-01-01T00:00:00Z (a fraction is dropped), or `nil` when `text` is
    /// not such a timestamp.
    package static func secondsSince1970(_ text: String) -> Int? {
        var cursor = DateTextCursor(bytes: Array(text.utf8))
        guard let year = cursor.number(4), cursor.oneOf("-"), let month = cursor.number(2), cursor.oneOf("-"),
            let day = cursor.number(2), cursor.oneOf("Tt "), let hour = cursor.number(2), cursor.oneOf(":"),
            let minute = cursor.number(2), cursor.oneOf(":"), let second = cursor.number(2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24,
            minute < 60, second < 61
        else { return nil }
        if cursor.oneOf(".") {
            guard cursor.skipDigits() > 0 else { return nil }
        }
        var offset = 0
        if cursor.oneOf("Zz") {
            offset = 0
        } else if let sign = cursor.current, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            cursor.index += 1
            guard let hours = cursor.number(2), cursor.oneOf(":"), let minutes = cursor.number(2), hours < 24,
                minutes < 60
            else { return nil }
            offset = (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard cursor.atEnd else { return nil }
        return daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
            - offset
    }

    /// Days in `month` (1 to 12) of `year` (proleptic Gregorian).
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Civil date to days since 1970-01-01, counting 400-year eras from 0000-03-01.
    package static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil year of a day counted from 1970-01-01 (the inverse of `daysSince1970`'s year).
    package static func year(ofDaysSince1970 days: Int) -> Int {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 is March
        return yearOfEra + era * 400 + (shiftedMonth >= 10 ? 1 : 0)
    }
}
