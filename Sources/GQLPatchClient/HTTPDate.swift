import GQLPatchSupport

/// Reads an HTTP-date (RFC 9110 §5.6.7), the other form of a `Retry-After` value. All three forms
/// a recipient must accept are read, each exactly as the grammar spells it (case included):
/// - IMF-fixdate, the one servers send: `Sun, 06 Nov 1994 08:49:37 GMT`
/// - the obsolete RFC 850 form: `Sunday, 06-Nov-94 08:49:37 GMT`; a two-digit year that would be
///   more than 50 years after `now` is the most recent past year with those digits
/// - the obsolete asctime form: `Sun Nov  6 08:49:37 1994` (a one-digit day follows a space)
///
/// The day name must be a day name but need not be that date's; the second may be 60 (a leap
/// second, read as the next minute's first).
package enum HTTPDate {
    private static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longDayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// Seconds since 1970-01-01T00:00:00Z, or nil when `text` is not an HTTP-date. `now` (seconds
    /// since 1970) only places the two-digit year of the RFC 850 form.
    package static func secondsSince1970(_ text: String, now: Int) -> Int? {
        let bytes = Array(text.utf8)
        return imfFixdate(bytes) ?? rfc850Date(bytes, now: now) ?? asctimeDate(bytes)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`
    private static func imfFixdate(_ bytes: [UInt8]) -> Int? {
        var cursor = DateTextCursor(bytes: bytes)
        guard cursor.word(dayNames) != nil, cursor.literal(", "), let day = cursor.number(2), cursor.literal(" "),
            let month = cursor.word(monthNames), cursor.literal(" "), let year = cursor.number(4), cursor.literal(" "),
            let time = cursor.timeOfDay(), cursor.literal(" GMT"), cursor.atEnd
        else { return nil }
        return seconds(year: year, month: month + 1, day: day, time: time)
    }

    /// `Sunday, 06-Nov-94 08:49:37 GMT`
    private static func rfc850Date(_ bytes: [UInt8], now: Int) -> Int? {
        var cursor = DateTextCursor(bytes: bytes)
        guard cursor.word(longDayNames) != nil, cursor.literal(", "), let day = cursor.number(2), cursor.literal("-"),
            let month = cursor.word(monthNames), cursor.literal("-"), let shortYear = cursor.number(2),
            cursor.literal(" "), let time = cursor.timeOfDay(), cursor.literal(" GMT"), cursor.atEnd
        else { return nil }
        let nowYear = ISO8601Timestamp.year(ofDaysSince1970: now >= 0 ? now / 86_400 : (now + 1) / 86_400 - 1)
        let latest = nowYear + 50
        let year = latest - ((latest - shortYear) % 100 + 100) % 100
        return seconds(year: year, month: month + 1, day: day, time: time)
    }

    /// `Sun Nov  6 08:49:37 1994`
    private static func asctimeDate(_ bytes: [UInt8]) -> Int? {
        var cursor = DateTextCursor(bytes: bytes)
        guard cursor.word(dayNames) != nil, cursor.literal(" "), let month = cursor.word(monthNames),
            cursor.literal(" ")
        else { return nil }
        let day: Int
        if cursor.literal(" ") {
            guard let digit = cursor.number(1) else { return nil }
            day = digit
        } else {
            guard let digits = cursor.number(2) else { return nil }
            day = digits
        }
        guard cursor.literal(" "), let time = cursor.timeOfDay(), cursor.literal(" "), let year = cursor.number(4),
            cursor.atEnd
        else { return nil }
        return seconds(year: year, month: month + 1, day: day, time: time)
    }

    private static func seconds(year: Int, month: Int, day: Int, time: Int) -> Int? {
        guard (1...ISO8601Timestamp.daysIn(month: month, year: year)).contains(day) else { return nil }
        return ISO8601Timestamp.daysSince1970(year: year, month: month, day: day) * 86_400 + time
    }
}
