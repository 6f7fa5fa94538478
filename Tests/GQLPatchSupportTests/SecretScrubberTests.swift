import GQLPatchTestSupport
import Testing

@testable import GQLPatchSupport

@Suite struct SecretScrubberTests {
    static let key = "da2-abcdefghijklmnopqrstuvwxyz"

    @Test func wholeSecretsAndLongRunsAreRedacted() {
        let scrubber = SecretScrubber()
        #expect(scrubber.scrub("x-api-key: \(Self.key)") == "x-api-key: \(Self.key)", "nothing registered yet")
        scrubber.register([Self.key])
        #expect(scrubber.scrub("x-api-key: \(Self.key); ok") == "x-api-key: [redacted]; ok")
        // A server that cuts what it echoes: 12 characters are enough to be scrubbed.
        #expect(scrubber.scrub("key=\(Self.key.dropFirst(5).prefix(12))!") == "key=[redacted]!")
        #expect(scrubber.scrub("da2-abcdefg") == "da2-abcdefg", "11 characters are not a run of the secret")
        #expect(scrubber.scrub("twice \(Self.key)\(Self.key) end") == "twice [redacted] end")
    }

    /// SigV4 signatures are scrubbed by their place after `Signature=` once a signed request was
    /// registered (each request has its own, so none is learnt: the tables do not grow per request),
    /// beside the learnt secrets.
    @Test func signaturesAreScrubbedByTheirPlace() {
        let signature = String(repeating: "0a1b2c3d", count: 8)
        let echoed = #"{"Authorization":"AWS4-HMAC-SHA256 Credential=x, Signature=\#(signature)", "k":"\#(Self.key)"}"#
        let scrubber = SecretScrubber()
        #expect(scrubber.scrub(echoed) == echoed, "nothing registered yet")
        for _ in 0..<1000 { scrubber.register([Self.key, SecretScrubber.signatureMarker]) }
        #expect(
            scrubber.scrub(echoed)
                == #"{"Authorization":"AWS4-HMAC-SHA256 Credential=x, Signature=[redacted]", "k":"[redacted]"}"#)
        #expect(scrubber.scrub("Signature=abc ok") == "Signature=abc ok", "too short to be a signature")
        #expect(scrubber.scrub("Signature=\(signature)") == "Signature=[redacted]", "at the very end")
        #expect(scrubber.scrub("SSSignature=\(signature)S") == "SSSignature=[redacted]S")
        // Registered text is scrubbed whatever it is, the marker too (found by the header fuzz target).
        #expect(scrubber.scrub("marker: \(SecretScrubber.signatureMarker)") == "marker: [redacted]")
    }

    /// Registering again is a look-up keyed by the exact bytes: a secret spelled with a decomposed `é`
    /// is equal as a `String` to the precomposed one, but it is other bytes on the wire and is scrubbed too.
    /// The scan tests one position in 5: a secret (or a run of one) is found wherever it starts,
    /// however long the text around it, and whatever its length from the shortest (8) up.
    @Test func aSecretIsFoundAtEveryOffset() {
        let secrets = ["s3cr3t-8", "s3cr3t-11ch", "s3cr3t-12chr", "da2-0123456789abcdefghijklmnopqrstuvwxyz"]
        let scrubber = SecretScrubber()
        scrubber.register(secrets)
        for secret in secrets {
            for offset in 0..<23 {
                for tail in [0, 1, 4, 9] {
                    let text = String(repeating: "-", count: offset) + secret + String(repeating: "+", count: tail)
                    let expected =
                        String(repeating: "-", count: offset) + "[redacted]" + String(repeating: "+", count: tail)
                    #expect(scrubber.scrub(text) == expected, "\(secret) at \(offset), \(tail) after")
                }
            }
        }
        // A 12-byte run of the long one, at every offset inside it and in the text.
        let long = Array(secrets[3])
        for start in 0...(long.count - 12) {
            for offset in [0, 3, 7, 13] {
                let run = String(long[start..<(start + 12)])
                #expect(
                    scrubber.scrub(String(repeating: ".", count: offset) + run + "!")
                        == String(repeating: ".", count: offset) + "[redacted]!", "run at \(start), offset \(offset)")
            }
        }
    }

    @Test func canonicallyEquivalentSpellingsAreEachRegistered() {
        let scrubber = SecretScrubber()
        let composed = "caf\u{E9}-secret-value"
        let decomposed = "cafe\u{301}-secret-value"
        #expect(composed == decomposed)
        scrubber.register([composed])
        scrubber.register([composed])
        scrubber.register([decomposed])
        #expect(scrubber.scrub("a \(composed) b") == "a [redacted] b")
        #expect(scrubber.scrub("a \(decomposed) b") == "a [redacted] b")
    }

    /// A request registers the same secrets as the one before it (kept as a fast path); a new list, or
    /// the old one back, still registers what is new.
    @Test func repeatedAndAlternatingRegistrations() {
        let scrubber = SecretScrubber()
        let other = "another-secret-token-value"
        scrubber.register([Self.key])
        scrubber.register([Self.key])
        #expect(scrubber.scrub("k \(other)") == "k \(other)", "not registered yet")
        scrubber.register([Self.key, other])
        scrubber.register([Self.key])
        #expect(scrubber.scrub("a \(Self.key) b \(other) c") == "a [redacted] b [redacted] c")
    }

    @Test func shortSecretsAreMatchedWholeAndTinyOnesIgnored() {
        let scrubber = SecretScrubber()
        scrubber.register(["pw-12345", "abc"])
        #expect(scrubber.scrub("user pw-12345 abc") == "user [redacted] abc")
    }

    @Test func jsonEscapedFormIsCovered() {
        let scrubber = SecretScrubber()
        let secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
        scrubber.register([secret])
        #expect(scrubber.scrub(#"{"m":"wJalrXUtnFEMI\/K7MDENG\/bPxRfiCYEXAMPLEKEY"}"#) == #"{"m":"[redacted]"}"#)
    }

    @Test func bytesAreScrubbedAsText() {
        let scrubber = SecretScrubber()
        scrubber.register([Self.key])
        let line = Array("{\"name\":\"\(Self.key)\"}\n".utf8)
        #expect(String(decoding: scrubber.scrub(line), as: UTF8.self) == "{\"name\":\"[redacted]\"}\n")
    }

    /// Every write of a scrubbed console goes through the scrubber, stdout and stderr alike.
    @Test func consoleScrubsBothStreams() {
        let out = LockedValue<[UInt8]>([])
        let err = LockedValue<String>("")
        let console = Console(
            writeOut: { bytes in out.withValue { $0 += bytes } }, writeErr: { text in err.withValue { $0 += text } },
            stdoutIsTerminal: false)
        let scrubber = SecretScrubber()
        let scrubbed = console.scrubbed(by: scrubber)
        scrubber.register([Self.key])
        scrubbed.writeOut(Array(Self.key.utf8))
        scrubbed.message("error: \(Self.key)")
        #expect(out.current == Array("[redacted]".utf8))
        #expect(err.current == "error: [redacted]\n")
    }
}
