import Foundation
import GQLPatchTestSupport
import HTTP
import JSON
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

/// Identity-pool credentials in the run's `CredentialCache`: fetched on first use (GetId, then
/// GetCredentialsForIdentity), fetched again before they expire for the same identity
/// (GetCredentialsForIdentity only), with the source named for people.
@Suite struct CognitoIdentityCredentialSourceTests {
    /// A Cognito whose credentials expire an hour after the clock at each call, with numbered key ids
    /// and a new identity id for every GetId.
    static func service(clock: CredentialCacheTests.ManualClock) -> RecordingTransport {
        let counter = RequestLog()
        return RecordingTransport { (request: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            counter.append(request, timeout: 0)
            let number = counter.requests.count
            if request.header("X-Amz-Target") == "AWSCognitoIdentityService.GetId" {
                return .text(200, #"{"IdentityId":"eu-west-1:identity-\#(number)"}"#)
            }
            let identity = (try? JSONValue.parse(request.bodyText))?["IdentityId"]?.stringValue ?? "?"
            return .text(
                200,
                #"{"Credentials":{"AccessKeyId":"ASIA\#(number)","Expiration":\#(clock.now + 3600),"SecretKey":"s","SessionToken":"t"},"IdentityId":"\#(identity)"}"#
            )
        }
    }

    func source(_ transport: RecordingTransport, clock: CredentialCacheTests.ManualClock) throws
        -> CognitoIdentityCredentialSource
    {
        let client = try CognitoIdentityClient(
            identityPoolID: CognitoIdentityClientTests.pool, environment: [:], transport: transport)
        return CognitoIdentityCredentialSource(guestOf: client, clock: { clock.now })
    }

    @Test func expiringCredentialsAreFetchedAgainForTheSameIdentity() async throws {
        let clock = CredentialCacheTests.ManualClock()
        let transport = Self.service(clock: clock)
        let source = try source(transport, clock: clock)
        let cache = CredentialCache(source: source)
        let first = try await cache.credentials()
        #expect(first.credentials.accessKeyID == "ASIA2")
        #expect(first.source == "Cognito identity pool \(CognitoIdentityClientTests.pool) (guest)")
        #expect(first.origin == .server)
        #expect(first.expiration == clock.now + 3600)
        #expect(source.identityID == "eu-west-1:identity-1")
        clock.advance(3600 - 301)
        #expect(try await cache.credentials().credentials.accessKeyID == "ASIA2")
        #expect(transport.requests.count == 2, "still fresh: nothing asked")
        clock.advance(1)
        #expect(try await cache.credentials().credentials.accessKeyID == "ASIA3")
        clock.advance(3600)
        #expect(try await cache.credentials().credentials.accessKeyID == "ASIA4")
        let targets = transport.requests.map { $0.header("X-Amz-Target") ?? "" }
        #expect(
            targets == [
                "AWSCognitoIdentityService.GetId", "AWSCognitoIdentityService.GetCredentialsForIdentity",
                "AWSCognitoIdentityService.GetCredentialsForIdentity",
                "AWSCognitoIdentityService.GetCredentialsForIdentity",
            ])
        let identities = try transport.requests.dropFirst().map { try JSONValue.parse($0.bodyText)["IdentityId"] }
        #expect(identities == Array(repeating: .string("eu-west-1:identity-1"), count: 3))
    }

    @Test func signedInSourcesAskTheirLoginsOnEveryRequest() async throws {
        let clock = CredentialCacheTests.ManualClock()
        let transport = Self.service(clock: clock)
        let client = try CognitoIdentityClient(
            identityPoolID: CognitoIdentityClientTests.pool, environment: [:], transport: transport)
        let tokens = RequestLog()
        let source = CognitoIdentityCredentialSource(
            client: client, kind: "signed in",
            logins: { () throws(GQLPatchError) in
                tokens.append(HTTPRequest(url: ""), timeout: 0)
                return ["cognito-idp.eu-west-1.amazonaws.com/eu-west-1_P": "id-token-\(tokens.requests.count)"]
            }, clock: { clock.now })
        let cache = CredentialCache(source: source)
        #expect(try await cache.credentials().source.hasSuffix("(signed in)"))
        clock.advance(3600)
        _ = try await cache.credentials()
        let logins = try transport.requests.map {
            try JSONValue.parse($0.bodyText)["Logins"]?["cognito-idp.eu-west-1.amazonaws.com/eu-west-1_P"]
        }
        #expect(logins == [.string("id-token-1"), .string("id-token-1"), .string("id-token-2")])
    }

    /// `apply` starts many requests at once: they share one `GetId` (one identity for the run).
    @Test func requestsStartingTogetherShareOneIdentity() async throws {
        let clock = CredentialCacheTests.ManualClock()
        let service = Self.service(clock: clock)
        let slow = RecordingTransport { (request: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            if request.header("X-Amz-Target") == "AWSCognitoIdentityService.GetId" {
                Thread.sleep(forTimeInterval: 0.2)
            }
            return try service.respond(request)
        }
        let source = try source(slow, clock: clock)
        let ids = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    _ = try await source.resolve()
                    return source.identityID ?? ""
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(ids == ["eu-west-1:identity-1"])
        #expect(slow.requests.filter { $0.header("X-Amz-Target") == "AWSCognitoIdentityService.GetId" }.count == 1)
        #expect(slow.requests.count == 17)
    }

    @Test func aFailedGetIdIsAskedAgainLater() async throws {
        let clock = CredentialCacheTests.ManualClock()
        let calls = RequestLog()
        let transport = RecordingTransport { (request: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            calls.append(request, timeout: 0)
            if calls.requests.count == 1 { return .text(400, #"{"__type":"NotAuthorizedException","message":"no"}"#) }
            return try Self.service(clock: clock).respond(request)
        }
        let source = try source(transport, clock: clock)
        await expectCredentialError(.unauthorized, "Cognito GetId for identity pool", prefix: true) {
            _ = try await source.resolve()
        }
        #expect(try await source.resolve().source.hasSuffix("(guest)"))
        let targets = calls.requests.map { $0.header("X-Amz-Target") ?? "" }
        #expect(
            targets == [
                "AWSCognitoIdentityService.GetId", "AWSCognitoIdentityService.GetId",
                "AWSCognitoIdentityService.GetCredentialsForIdentity",
            ])
    }

    @Test func alreadyExpiredCredentialsAreRefused() async throws {
        let clock = CredentialCacheTests.ManualClock()
        let transport = RecordingTransport { (request: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            if request.header("X-Amz-Target") == "AWSCognitoIdentityService.GetId" {
                return .text(200, #"{"IdentityId":"eu-west-1:i"}"#)
            }
            return .text(
                200,
                #"{"Credentials":{"AccessKeyId":"ASIA1","Expiration":\#(clock.now - 1),"SecretKey":"s","SessionToken":"t"}}"#
            )
        }
        let cache = CredentialCache(source: try source(transport, clock: clock))
        await expectCredentialError(
            .configuration,
            "the credentials from Cognito identity pool \(CognitoIdentityClientTests.pool) (guest) have already expired"
        ) { _ = try await cache.credentials() }
    }
}
