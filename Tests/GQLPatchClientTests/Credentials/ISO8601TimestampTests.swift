import GQLPatchTestSupport
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct ISO8601TimestampTests {
    // Expected values computed with Python's calendar.timegm.
    @Test(arguments: [
        ("2021-08-16T20:52:53Z", 1_629_147_173),
        ("2023-11-14T22:13:20Z", 1_700_000_000),
        ("2015-08-30T12:36:00Z", 1_440_938_160),
        ("2000-02-29T23:59:59Z", 951_868_799),
        ("1969-12-31T23:59:59Z", -1),
        ("2023-11-14T22:13:20.987654Z", 1_700_000_000),
        ("2023-11-15T00:13:20+02:00", 1_700_000_000),
        ("2023-11-14T20:43:20-01:30", 1_700_000_000),
    ])
    func parses(text: String, seconds: Int) {
        #expect(ISO8601Timestamp.secondsSince1970(text) == seconds)
    }

    @Test(arguments: [
        "", "2023-11-14", "2023-11-14T22:13:20", "2023-02-29T00:00:00Z", "2023-13-01T00:00:00Z",
        "2023-11-14T22:13:20.Z", "2023-11-14T22:13:20Zjunk", "1700000000",
    ])
    func rejects(text: String) {
        #expect(ISO8601Timestamp.secondsSince1970(text) == nil)
    }

    /// The year of a day is the year whose days contain it, from 1600 to 2400 (leap years, centuries).
    @Test func yearOfADayInvertsDaysSince1970() {
        var wrong: [Int] = []
        for year in 1600...2400 {
            let first = ISO8601Timestamp.daysSince1970(year: year, month: 1, day: 1)
            let last = ISO8601Timestamp.daysSince1970(year: year, month: 12, day: 31)
            for day in [first, first + 59, first + 60, last] where ISO8601Timestamp.year(ofDaysSince1970: day) != year {
                wrong.append(day)
            }
        }
        #expect(wrong.isEmpty)
    }
}
