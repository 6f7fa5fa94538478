import Testing

@testable import AWSSigning

/// A computation saved and taken up again (`SHA256.saved`, `init(saved:)`) ends in the digest of
/// the whole message, wherever it was cut; bytes that are no saved computation are refused.
@Suite struct SHA256SavedTests {
    @Test func aComputationGoesOnFromItsSavedStateAtEveryCut() throws {
        let message = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let whole = SHA256.hash(data: message).hexString
        for cut in 0...message.count {
            var first = SHA256()
            first.update(data: message[..<cut])
            let saved = first.saved
            #expect(saved.count == 40 + cut % 64)
            var resumed = try #require(SHA256(saved: saved), "cut \(cut)")
            resumed.update(data: message[cut...])
            #expect(resumed.finalize().hexString == whole, "cut \(cut)")
        }
    }

    @Test func bytesThatAreNoSavedComputationAreRefused() {
        #expect(SHA256(saved: []) == nil)
        #expect(SHA256(saved: [UInt8](repeating: 0, count: 39)) == nil)
        #expect(SHA256(saved: [UInt8](repeating: 0, count: 104)) == nil)
        // A length of 0 with a pending byte disagrees.
        #expect(SHA256(saved: [UInt8](repeating: 0, count: 41)) == nil)
        #expect(SHA256(saved: SHA256().saved) != nil)
    }

    @Test func hexDecodesWhatItEncodesAndRefusesTheRest() {
        let bytes: [UInt8] = [0, 1, 0x7f, 0x80, 0xab, 0xff]
        #expect(Hex.decode(Hex.encode(bytes)) == bytes)
        #expect(Hex.decode("ABff") == [0xab, 0xff])
        #expect(Hex.decode("abc") == nil)
        #expect(Hex.decode("zz") == nil)
        #expect(Hex.decode("") == [])
    }
}
