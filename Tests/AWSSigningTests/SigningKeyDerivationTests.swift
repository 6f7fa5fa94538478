import Foundation
import Testing

@testable import AWSSigning

/// One entry of `Fixtures/sigv4/signing-key-derivation.json`.
struct SigningKeyExample: Sendable, CustomTestStringConvertible {
    let name: String
    let secret: String
    let dateStamp: String
    let region: String
    let service: String
    let kSecret: String
    let kDate: String
    let kRegion: String
    let kService: String
    let kSigning: String
    /// The worked request example, when the entry has one.
    let canonicalRequest: String?
    let canonicalRequestHash: String?
    let stringToSign: String?
    let signature: String?
    let authorization: String?
    var testDescription: String { name }

    static func all() throws -> [SigningKeyExample] {
        let file = try Fixture.json("sigv4/signing-key-derivation.json")
        guard let entries = file["signing_keys"] as? [[String: Any]] else {
            throw FixtureError(message: "no signing_keys")
        }
        return try entries.map { entry in
            func text(_ key: String) throws -> String {
                guard let value = entry[key] as? String else { throw FixtureError(message: "missing \(key)") }
                return value
            }
            return SigningKeyExample(
                name: try text("name"), secret: try text("secret_access_key"), dateStamp: try text("date"),
                region: try text("region"), service: try text("service"),
                kSecret: try text("kSecret_hex"), kDate: try text("kDate_hex"), kRegion: try text("kRegion_hex"),
                kService: try text("kService_hex"), kSigning: try text("kSigning_hex"),
                canonicalRequest: entry["canonical_request"] as? String,
                canonicalRequestHash: entry["canonical_request_sha256_hex"] as? String,
                stringToSign: entry["string_to_sign"] as? String,
                signature: entry["signature_hex"] as? String,
                authorization: entry["authorization"] as? String
            )
        }
    }

    /// Noon UTC on `dateStamp`, worked out with Foundation (independently of `SigningDate`).
    func noon() throws -> SigningDate {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss"
        let instant = try #require(formatter.date(from: dateStamp + "T120000"))
        return SigningDate(secondsSince1970: Int(instant.timeIntervalSince1970))
    }
}

@Suite struct SigningKeyDerivationTests {
    @Test(arguments: try SigningKeyExample.all())
    func chainStepByStep(_ example: SigningKeyExample) throws {
        let chain = SigningKeyChain(
            secretAccessKey: example.secret,
            dateStamp: example.dateStamp,
            region: example.region,
            service: example.service
        )
        #expect(chain.secret == (try Fixture.hex(example.kSecret)))
        #expect(chain.date == (try Fixture.hex(example.kDate)))
        #expect(chain.region == (try Fixture.hex(example.kRegion)))
        #expect(chain.service == (try Fixture.hex(example.kService)))
        #expect(chain.signing == (try Fixture.hex(example.kSigning)))

        let signer = SigV4Signer(
            credentials: SigV4Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: example.secret),
            region: example.region,
            service: example.service
        )
        let date = try example.noon()
        #expect(date.dateStamp == example.dateStamp)
        #expect(signer.signingKey(date: date) == (try Fixture.hex(example.kSigning)))
    }

    @Test(arguments: try SigningKeyExample.all().filter { $0.canonicalRequest != nil })
    func workedRequestExample(_ example: SigningKeyExample) throws {
        let canonical = try #require(example.canonicalRequest)
        let signer = SigV4Signer(
            credentials: SigV4Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: example.secret),
            region: example.region,
            service: example.service
        )
        // The IAM ListUsers example is signed at 2015-08-30T12:36:00Z.
        let date = SigningDate(secondsSince1970: 1_440_938_160)
        #expect(SHA256.hash(data: canonical.utf8).hexString == example.canonicalRequestHash)
        let toSign = signer.stringToSign(canonicalRequest: canonical, date: date)
        #expect(toSign == example.stringToSign)
        let signature = signer.signature(stringToSign: toSign, date: date)
        #expect(signature == example.signature)
        let signedHeaders = try #require(canonical.split(separator: "\n").dropLast().last.map(String.init))
        #expect(
            signer.authorization(signedHeaders: signedHeaders, signature: signature, date: date)
                == example.authorization)

        // The same request built from parts goes through step 1 to the same canonical text.
        let request = SigningRequest(
            method: "GET",
            path: "/",
            query: "Version=2010-05-08&Action=ListUsers",
            headers: [
                ("Host", "iam.amazonaws.com"),
                ("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"),
            ]
        )
        #expect(signer.canonicalRequest(for: request, date: date) == canonical)
    }
}
