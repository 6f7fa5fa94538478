import AWSSigning
import Foundation
import Testing

/// One HMAC-SHA256 known answer (RFC 4231) from `Fixtures/crypto/sha256-hmac-vectors.json`.
struct HMACVector: Sendable, CustomTestStringConvertible {
    let name: String
    let key: [UInt8]
    let data: [UInt8]
    let macHex: String
    /// Bytes of the MAC to compare; RFC 4231 case 5 publishes only 16.
    let comparedBytes: Int
    var testDescription: String { name }

    static func all() throws -> [HMACVector] {
        let file = try Fixture.json("crypto/sha256-hmac-vectors.json")
        guard let entries = file["hmac_sha256"] as? [[String: Any]] else {
            throw FixtureError(message: "no hmac_sha256 entries")
        }
        return try entries.map { entry in
            guard let name = entry["name"] as? String,
                let key = entry["key_hex"] as? String,
                let data = entry["data_hex"] as? String,
                let mac = entry["mac_hex"] as? String
            else {
                throw FixtureError(message: "bad hmac entry \(entry)")
            }
            let truncated = Fixture.int(entry["truncate_to_bytes"])
            guard truncated == nil || truncated! * 2 == mac.count else {
                throw FixtureError(message: "\(name): truncation and MAC length disagree")
            }
            return HMACVector(
                name: name,
                key: try Fixture.hex(key),
                data: try Fixture.hex(data),
                macHex: mac,
                comparedBytes: truncated ?? SHA256.byteCount
            )
        }
    }
}

@Suite struct HMACTests {
    @Test(arguments: try HMACVector.all())
    func rfc4231(_ vector: HMACVector) throws {
        let key = SymmetricKey(data: vector.key)
        #expect(key.bitCount == vector.key.count * 8)
        let mac = HMAC<SHA256>.authenticationCode(for: vector.data, using: key)
        #expect(mac.bytes.count == SHA256.byteCount)
        #expect(mac.bytes.prefix(vector.comparedBytes) == ArraySlice(try Fixture.hex(vector.macHex)))
    }

    @Test(arguments: try HMACVector.all())
    func incrementalEqualsOneShot(_ vector: HMACVector) {
        let key = SymmetricKey(data: vector.key)
        var hmac = HMAC<SHA256>(key: key)
        for byte in vector.data { hmac.update(data: [byte]) }
        #expect(hmac.finalize() == HMAC<SHA256>.authenticationCode(for: vector.data, using: key))
    }
}
