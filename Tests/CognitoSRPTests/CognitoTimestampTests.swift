import Testing

@testable import CognitoSRP

@Suite struct CognitoTimestampTests {
    @Test func theBriefsExampleHasAnUnpaddedDay() {
        // 2026-12-01 08:03:44 UTC
        #expect(CognitoTimestamp.format(secondsSince1970: 1_796_112_224) == "Tue Dec 1 08:03:44 UTC 2026")
    }

    /// Days 1–9 and 10–31 of every month across ordinary, leap and century years, the epoch, a day
    /// before it, 2000-02-29 and 2100-03-01 (2100 is not a leap year): the same text as pycognito's
    /// `get_cognito_formatted_timestamp`.
    @Test func agreesWithPycognitoAcrossMonthsAndYears() throws {
        var seconds: [Int] = [
            0, 59, 86_399, 86_400, -1, -86_400, 951_782_400, 4_107_542_400, 4_107_542_399, 253_402_300_799,
        ]
        for year in [1970, 1999, 2000, 2023, 2024, 2026, 2099, 2100] {
            let startOfYear = (year - 1970) * 365 + (year - 1969) / 4 - (year - 1901) / 100 + (year - 1601) / 400
            for day in stride(from: 0, to: 366, by: 3) {
                seconds.append((startOfYear + day) * 86_400 + (day * 7_919) % 86_400)
            }
        }
        let answer = try #require(try PycognitoReference.answer(["timestamps": seconds])["timestamps"] as? [String])
        try #require(answer.count == seconds.count)
        for (value, expected) in zip(seconds, answer) {
            #expect(CognitoTimestamp.format(secondsSince1970: value) == expected, "at \(value)")
        }
    }
}
