import Foundation
import GQLPatchClient
import GQLPatchSettings
import GQLPatchSupport
import JSON
import Testing

@testable import GQLPatchSettings

/// The guest identity cache file's format (`GuestIdentityCache.encode`/`decode`): the id round-trips
/// for its endpoint and pool only, and what is not a usable id is passed over with the reason.
@Suite struct GuestIdentityCacheTests {
    static let endpoint = "https://cognito-identity.us-east-1.amazonaws.com/"
    static let pool = "us-east-1:1f0c5a52-8d7e-4b4c-9a51-3e0c2d7b6f10"
    static let id = "us-east-1:5b8e2f3a-0c1d-4e6f-8a9b-7c6d5e4f3a2b"

    @Test func theIDRoundTripsForItsEndpointAndPool() throws {
        let bytes = GuestIdentityCache.encode(Self.id, endpoint: Self.endpoint, pool: Self.pool)
        #expect(try GuestIdentityCache.decode(bytes, endpoint: Self.endpoint, pool: Self.pool).get() == Self.id)
        #expect(
            GuestIdentityCache.decode(bytes, endpoint: "http://127.0.0.1:9/", pool: Self.pool)
                == .failure(.init(text: "for another endpoint")))
        #expect(
            GuestIdentityCache.decode(bytes, endpoint: Self.endpoint, pool: "us-east-1:other")
                == .failure(.init(text: "for another pool")))
        #expect(try JSONValue.parse(bytes).objectValue?.keys == ["version", "endpoint", "pool", "identityId"])
    }

    @Test(arguments: [
        ("[]", "damaged (not a JSON object)"),
        (#"{"version": 2}"#, "damaged (not version 1)"),
        (
            #"{"version": 1, "endpoint": "E", "pool": "P", "identityId": "no-colon"}"#,
            "damaged (identityId is not REGION:ID)"
        ),
        (
            #"{"version": 1, "endpoint": "E", "pool": "P", "identityId": "us-east-1:a\r\nX-Evil: 1"}"#,
            "damaged (identityId is not REGION:ID)"
        ),
        (#"{"version": 1, "endpoint": "E", "pool": "P", "identityId": 7}"#, "damaged (identityId is not REGION:ID)"),
    ])
    func whatCannotBeUsedIsPassedOver(_ text: String, _ problem: String) {
        let longID = "us-east-1:" + String(repeating: "a", count: 46)
        #expect(longID.utf8.count == CognitoIdentityResponse.identityIDLimit + 1)
        #expect(
            GuestIdentityCache.decode(Array(text.utf8), endpoint: "E", pool: "P") == .failure(.init(text: problem)))
        let tooLong = GuestIdentityCache.encode(longID, endpoint: "E", pool: "P")
        #expect(
            GuestIdentityCache.decode(tooLong, endpoint: "E", pool: "P")
                == .failure(.init(text: "damaged (identityId is not REGION:ID)")))
    }
}
