import AWSSigning
import Foundation
import Testing

/// One SHA-256 known answer from `Fixtures/crypto/sha256-hmac-vectors.json`.
struct SHA256Vector: Sendable, CustomTestStringConvertible {
    let name: String
    let message: [UInt8]
    let digestHex: String
    var testDescription: String { name }

    static func all() throws -> [SHA256Vector] {
        let file = try Fixture.json("crypto/sha256-hmac-vectors.json")
        guard let entries = file["sha256"] as? [[String: Any]] else {
            throw FixtureError(message: "no sha256 entries")
        }
        return try entries.map { entry in
            guard let name = entry["name"] as? String,
                let hex = entry["message_hex"] as? String,
                let count = Fixture.int(entry["repeat"]),
                let digest = entry["digest_hex"] as? String
            else {
                throw FixtureError(message: "bad sha256 entry \(entry)")
            }
            let unit = try Fixture.hex(hex)
            var message: [UInt8] = []
            message.reserveCapacity(unit.count * count)
            for _ in 0..<count { message.append(contentsOf: unit) }
            if let length = Fixture.int(entry["message_length_bytes"]) {
                guard length == message.count else { throw FixtureError(message: "\(name): length mismatch") }
            }
            return SHA256Vector(name: name, message: message, digestHex: digest)
        }
    }
}

@Suite struct SHA256Tests {
    @Test(arguments: try SHA256Vector.all())
    func knownAnswer(_ vector: SHA256Vector) {
        #expect(SHA256.hash(data: vector.message).hexString == vector.digestHex)
    }

    @Test(arguments: try SHA256Vector.all())
    func knownAnswerFedInUnevenPieces(_ vector: SHA256Vector) {
        var hasher = SHA256()
        var start = 0
        var step = 1
        while start < vector.message.count {
            let end = min(start + step, vector.message.count)
            hasher.update(data: vector.message[start..<end])
            start = end
            step = step % 131 + 7
        }
        #expect(hasher.finalize().hexString == vector.digestHex)
    }

    @Test func everySplitPointOfATwoHundredByteMessageGivesTheOneShotDigest() {
        let message = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let expected = SHA256.hash(data: message)
        for split in 0...message.count {
            var hasher = SHA256()
            hasher.update(data: message[..<split])
            hasher.update(data: message[split...])
            #expect(hasher.finalize() == expected, "split at \(split)")
        }
    }

    @Test func nonContiguousSequenceAndRawBufferGiveTheArrayDigest() {
        let message = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let expected = SHA256.hash(data: message)
        let lazy = (0..<1000).lazy.map { UInt8(truncatingIfNeeded: $0 &* 7) }
        #expect(SHA256.hash(data: lazy) == expected)
        var hasher = SHA256()
        message.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        #expect(hasher.finalize() == expected)
    }

    @Test func finalizeLeavesTheHasherUsable() {
        var hasher = SHA256()
        hasher.update(data: Array("ab".utf8))
        let partial = hasher.finalize()
        hasher.update(data: Array("c".utf8))
        #expect(partial == SHA256.hash(data: Array("ab".utf8)))
        #expect(hasher.finalize().hexString == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func digestShape() {
        let digest = SHA256.hash(data: Array("abc".utf8))
        #expect(SHA256.blockByteCount == 64)
        #expect(SHA256.byteCount == 32)
        #expect(digest.bytes.count == SHA256.byteCount)
        #expect(digest.description == digest.hexString)
        #expect(digest.bytes.prefix(4) == [0xba, 0x78, 0x16, 0xbf])
    }
}
