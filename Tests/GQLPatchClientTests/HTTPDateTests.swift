import Foundation
import GQLPatchTestSupport
import TestSupport
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct HTTPDateTests {
    /// 2025-06-15T15:06:40Z, for the two-digit years of the RFC 850 form.
    static let now = 1_750_000_000

    // Expected values computed with Python's calendar.timegm.
    @Test(arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777),
        ("Wed, 21 Oct 2015 07:28:00 GMT", 1_445_412_480),
        ("Tue, 29 Feb 2000 12:00:00 GMT", 951_825_600),
        ("Sat, 01 Jan 1966 00:00:00 GMT", -126_230_400),
        ("Wed, 31 Dec 2008 23:59:60 GMT", 1_230_768_000),  // a leap second
        ("Mon, 06 Nov 1994 08:49:37 GMT", 784_111_777),  // the wrong day name is not checked
        ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777),
        ("Thursday, 01-Jan-70 00:00:00 GMT", 3_155_760_000),  // 2070: 45 years ahead of now
        ("Wednesday, 01-Jan-75 00:00:00 GMT", 3_313_526_400),  // 2075: 50 years ahead, not more
        ("Thursday, 01-Jan-76 00:00:00 GMT", 189_302_400),  // 2076 would be 51 years ahead: 1976
        ("Sun Nov  6 08:49:37 1994", 784_111_777),
        ("Wed Nov 16 08:49:37 1994", 784_975_777),
    ])
    func parses(text: String, seconds: Int) {
        #expect(HTTPDate.secondsSince1970(text, now: Self.now) == seconds)
    }

    @Test(arguments: [
        "", "soon", "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 06 Nov 1994 08:49:37 UTC",
        "sun, 06 nov 1994 08:49:37 gmt", "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT",
        "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 29 Feb 1900 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Nov 1994 08:49:61 GMT", "Sun, 06 Nov 1994 08:49:37 GMT ",
        "Sun, 06 Nov 1994 8:49:37 GMT", "Sun,  06 Nov 1994 08:49:37 GMT", "Sunday, 06 Nov 1994 08:49:37 GMT",
        "Sun, 06-Nov-94 08:49:37 GMT", "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun Nov 6 08:49:37 1994",
        "Sun Nov  6 08:49:37 1994 GMT", "Sun Nov 06 08:49:37 94", "Sun Xyz 06 08:49:37 1994",
    ])
    func rejects(text: String) {
        #expect(HTTPDate.secondsSince1970(text, now: Self.now) == nil)
    }

    /// Agrees with Foundation's `DateFormatter` on each of the three forms, over dates from 1900 to 2099.
    @Test(arguments: [
        "EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM dd HH:mm:ss yyyy",
    ])
    func agreesWithDateFormatter(format: String) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = format
        let twoDigitYear = format.contains("-yy ")
        var random = SplitMix64(seed: 0x0DA7E)
        var mismatches: [String] = []
        for _ in 0..<2000 {
            // Two-digit years only name the 100 years up to 50 years after `now`.
            let low = twoDigitYear ? 1_750_000_000 - 49 * 31_556_952 : -2_208_988_800
            let high = twoDigitYear ? 1_750_000_000 + 49 * 31_556_952 : 4_102_444_799
            let seconds = low + Int(random.next() % UInt64(high - low))
            var text = formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
            let dayTens = text.index(text.startIndex, offsetBy: 8)
            if format.hasPrefix("EEE MMM dd "), text[dayTens] == "0" {
                text.replaceSubrange(dayTens...dayTens, with: " ")  // asctime pads a one-digit day with a space
            }
            if HTTPDate.secondsSince1970(text, now: Self.now) != seconds { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
