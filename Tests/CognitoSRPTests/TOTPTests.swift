import Testing

@testable import CognitoSRP

@Suite struct TOTPTests {
    /// RFC 6238 appendix B, the SHA-1 rows (8 digits; key "12345678901234567890").
    @Test(arguments: [
        (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"), (1_234_567_890, "89005924"),
        (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ])
    func rfc6238AppendixB(time: Int, code: String) throws {
        #expect(try TOTP.code(key: Array("12345678901234567890".utf8), at: time, digits: 8) == code)
    }

    /// The same key in base32, 6 digits: the last six of the 8-digit codes.
    @Test func sixDigitsFromABase32Secret() throws {
        let secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
        #expect(try TOTP.code(base32Secret: secret, at: 59) == "287082")
        #expect(try TOTP.code(base32Secret: secret.lowercased(), at: 1_111_111_109) == "081804")
        #expect(try TOTP.code(base32Secret: "gezd gnbv gy3t qojq gezd gnbv gy3t qojq", at: 1_234_567_890) == "005924")
    }

    /// RFC 4226 appendix D: HOTP over counters 0…9.
    @Test func rfc4226AppendixD() {
        let expected = [
            "755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489",
        ]
        for (counter, code) in expected.enumerated() {
            #expect(TOTP.hotp(key: Array("12345678901234567890".utf8), counter: UInt64(counter), digits: 6) == code)
        }
    }

    @Test func refusals() {
        #expect(throws: TOTPError.emptySecret) { try TOTP.code(base32Secret: " == ", at: 0) }
        #expect(throws: TOTPError.invalidCharacter(position: 1)) { try TOTP.code(base32Secret: "1AAA", at: 0) }
        #expect(throws: TOTPError.timeBeforeEpoch) { try TOTP.code(base32Secret: "AAAA", at: -1) }
    }
}
