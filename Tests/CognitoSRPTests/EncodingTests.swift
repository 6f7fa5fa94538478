import Testing

@testable import CognitoSRP

@Suite struct EncodingTests {
    /// RFC 4648 §10.
    static let vectors = [
        ("", "", ""), ("f", "Zg==", "MY======"), ("fo", "Zm8=", "MZXQ===="), ("foo", "Zm9v", "MZXW6==="),
        ("foob", "Zm9vYg==", "MZXW6YQ="), ("fooba", "Zm9vYmE=", "MZXW6YTB"), ("foobar", "Zm9vYmFy", "MZXW6YTBOI======"),
    ]

    @Test func base64MatchesRFC4648() {
        for (text, base64, _) in Self.vectors {
            #expect(Base64.encode(Array(text.utf8)) == base64)
            #expect(Base64.decode(base64) == Array(text.utf8))
            #expect(Base64.decode(String(base64.prefix(while: { $0 != "=" }))) == Array(text.utf8))
        }
        let all = (0...255).map { UInt8($0) }
        #expect(Base64.decode(Base64.encode(all)) == all)
    }

    @Test func base64RefusesWhatIsNotBase64() {
        for text in ["Zg=", "Z", "Zm9v!", "Zm-v", "Zg==Zg==", "=Zg=", "Zm9vY==="] {
            #expect(Base64.decode(text) == nil, "\(text)")
        }
    }

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
