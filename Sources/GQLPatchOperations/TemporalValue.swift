import GQLPatchSupport

/// An `AWSDate`, `AWSTime` or `AWSDateTime` text read into numbers, so that two spellings of one
/// value compare equal: `2024-01-01Z` and `2024-01-01`, `12:30` and `12:30:00.000Z`,
/// `2024-01-01T13:00+01:00` and `2024-01-01T12:00:00.000Z`. A server may answer any of them for the
/// value it was sent.
///
/// A missing offset counts as UTC (AppSync: the offset is optional). An `AWSDate` keeps its offset
/// (a date is no instant); an `AWSTime` is its time of day in UTC, an `AWSDateTime` its instant.
/// Text of another form is no temporal value (nil), and is then compared as text.
package struct TemporalValue: Sendable, Equatable {
    /// The comparable numbers: (days, offset seconds) for a date, (UTC seconds, nanoseconds) otherwise.
    private var parts: [Int]

    package init?(_ text: String, scalar: String) {
        var reader = DateTextCursor(bytes: Array(text.utf8))
        switch scalar {
        case "AWSDate":
            guard let days = reader.days(), let offset = reader.offsetToEnd() else { return nil }
            parts = [days, offset]
        case "AWSTime":
            guard let (seconds, nanoseconds) = reader.time(), let offset = reader.offsetToEnd() else { return nil }
            parts = [Self.modulo(seconds - offset, 86_400), nanoseconds]
        case "AWSDateTime":
            guard let days = reader.days(), reader.literal("T"), let (seconds, nanoseconds) = reader.time(),
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
}
