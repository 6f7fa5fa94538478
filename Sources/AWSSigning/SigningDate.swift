/// The moment a request is signed, in UTC. The signer never reads a clock: callers pass one in.
///
/// Built from whole seconds since 1970-01-01T00:00:00Z; the proleptic Gregorian calendar fields are
/// worked out here without Foundation.
public struct SigningDate: Sendable, Hashable {
    /// Seconds since the Unix epoch (negative before 1970).
    public let secondsSince1970: Int
    /// Calendar year, e.g. 2015.
    public let year: Int
    /// Month, 1…12.
    public let month: Int
    /// Day of the month, 1…31.
    public let day: Int
    /// Hour, 0…23.
    public let hour: Int
    /// Minute, 0…59.
    public let minute: Int
    /// Second, 0…59.
    public let second: Int

    /// The UTC calendar date and time `secondsSince1970` seconds after the Unix epoch.
    public init(secondsSince1970: Int) {
        self.secondsSince1970 = secondsSince1970
        let secondsPerDay = 86_400
        var days = secondsSince1970 / secondsPerDay
        var secondOfDay = secondsSince1970 % secondsPerDay
        if secondOfDay < 0 {
            secondOfDay += secondsPerDay
            days -= 1
        }
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60

        // Days to civil date: count from 0000-03-01 in 400-year eras of 146,097 days, so the
        // leap day falls at the end of each computed year.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The `X-Amz-Date` form, ISO 8601 basic: `20150830T123600Z`.
    public var amzDate: String {
        dateStamp + "T" + Self.padded(hour, 2) + Self.padded(minute, 2) + Self.padded(second, 2) + "Z"
    }

    /// The credential-scope date, `yyyyMMdd`: `20150830`.
    public var dateStamp: String {
        Self.padded(year, 4) + Self.padded(month, 2) + Self.padded(day, 2)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
