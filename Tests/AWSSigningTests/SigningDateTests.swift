import AWSSigning
import Foundation
import Testing

@Suite struct SigningDateTests {
    @Test(arguments: [
        (0, "19700101T000000Z"),
        (-1, "19691231T235959Z"),
        (1_440_938_160, "20150830T123600Z"),
        (951_782_400, "20000229T000000Z"),
        (951_868_799, "20000229T235959Z"),
        (951_868_800, "20000301T000000Z"),
        (4_107_542_399, "21000228T235959Z"),
        (4_107_542_400, "21000301T000000Z"),
        (-2_208_988_800, "19000101T000000Z"),
        (253_402_300_799, "99991231T235959Z"),
    ])
    func knownInstants(_ seconds: Int, _ expected: String) {
        let date = SigningDate(secondsSince1970: seconds)
        #expect(date.amzDate == expected)
        #expect(date.dateStamp == String(expected.prefix(8)))
    }

    /// Compares the calendar arithmetic with Foundation's over a spread of instants, 1900–2200.
    @Test func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var seconds = -2_208_988_800
        while seconds < 7_258_118_400 {
            let date = SigningDate(secondsSince1970: seconds)
            let parts = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second],
                from: Date(timeIntervalSince1970: TimeInterval(seconds))
            )
            #expect(
                [date.year, date.month, date.day, date.hour, date.minute, date.second]
                    == [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second],
                "at \(seconds)"
            )
            seconds += 7_654_321
        }
    }
}
