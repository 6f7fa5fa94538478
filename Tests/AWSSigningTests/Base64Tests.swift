import Testing

@testable import AWSSigning

@Suite struct Base64Tests {
    /// RFC 4648 §10.
    static let vectors = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ]

    @Test func base64MatchesRFC4648() {
        for (text, base64) in Self.vectors {
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
}
