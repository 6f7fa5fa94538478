import Testing

@testable import CognitoSRP

@Suite struct EncodingTests {
    /// RFC 4648 §10.
    static let vectors = [
        ("", "", ""), ("f", "Zg==", "MY======"), ("fo", "Zm8=", "MZXQ===="), ("foo", "Zm9v", "MZXW6==="),
        ("foob", "Zm9vYg==", "MZXW6YQ="), ("fooba", "Zm9vYmE=", "MZXW6YTB"), ("foobar", "Zm9vYmFy", "MZXW6YTBOI======"),
    ]

    @Test func base32MatchesRFC4648AndIsLenient() throws {
        for (text, _, base32) in Self.vectors {
            #expect(try Base32.decode(base32) == Array(text.utf8))
            #expect(try Base32.decode(base32.lowercased()) == Array(text.utf8))
            #expect(try Base32.decode(base32.replacingOccurrences(of: "=", with: "")) == Array(text.utf8))
        }
        #expect(try Base32.decode("mzxw 6ytb oi") == Array("foobar".utf8))
    }

    @Test func base32RefusesOtherCharacters() {
        #expect(throws: TOTPError.invalidCharacter(position: 3)) { try Base32.decode("MZ1W6") }
        #expect(throws: TOTPError.invalidCharacter(position: 5)) { try Base32.decode("MZXW8") }
        #expect(throws: TOTPError.invalidCharacter(position: 4)) { try Base32.decode("MY=A") }
        #expect(
            TOTPError.invalidCharacter(position: 3).description
                == "the TOTP secret is not base32: character 3 is not A-Z or 2-7")
    }
}
