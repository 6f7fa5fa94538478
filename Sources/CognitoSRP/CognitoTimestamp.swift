/// The `TIMESTAMP` of a `PASSWORD_VERIFIER` answer, in the exact form Cognito signs and checks:
/// `EEE MMM d HH:mm:ss 'UTC' yyyy` in UTC, English names, the day of the month not zero-padded
/// ("Tue Dec 1 08:03:44 UTC 2026"). Calendar arithmetic by hand (proleptic Gregorian), so that no
/// locale, time zone or Foundation formatter can change a character.
public enum CognitoTimestamp {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The timestamp of `secondsSince1970` (negative: before the epoch).
    public static func format(secondsSince1970: Int) -> String {
        let (days, secondOfDay) = floorDivide(secondsSince1970, 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        // 1970-01-01 was a Thursday (index 4).
        let weekday = weekdays[floorDivide(days + 4, 7).remainder]
        let time =
            twoDigits(secondOfDay / 3600) + ":" + twoDigits(secondOfDay / 60 % 60) + ":" + twoDigits(secondOfDay % 60)
        return "\(weekday) \(months[month - 1]) \(day) \(time) UTC \(year)"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Quotient and non-negative remainder.
    private static func floorDivide(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = ((value % divisor) + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }

    /// Year, month (1–12) and day (1–31) of a day count from 1970-01-01: Howard Hinnant's
    /// `civil_from_days`, which counts 400-year eras from 0000-03-01 so that leap days fall last.
    static func civilDate(daysSince1970: Int) -> (year: Int, month: Int, day: Int) {
        let z = daysSince1970 + 719_468
        let era = floorDivide(z, 146_097).quotient
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
