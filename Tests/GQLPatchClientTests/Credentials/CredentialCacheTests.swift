import Foundation
import GQLPatchTestSupport
import HTTP
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct CredentialCacheTests {
    /// A clock the test moves by hand.
    final class ManualClock: @unchecked Sendable {
        // @unchecked: `value` is only touched while holding `lock`.
        private let lock = NSLock()
        private var value = CredentialSandbox.now
        var now: Int {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
        func advance(_ seconds: Int) {
            lock.lock()
            defer { lock.unlock() }
            value += seconds
        }
    }

    /// A container endpoint whose credentials expire an hour after the clock at each call, with a
    /// numbered key id; `failing` makes later calls fail.
    static func container(clock: ManualClock, failAfter: Int = .max) -> RecordingTransport {
        let calls = RequestLog()
        return RecordingTransport { (request: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            calls.append(request, timeout: 0)
            let number = calls.requests.count
            if number > failAfter { return .text(500, "down") }
            let expiry = clock.now + 3600
            let stamp = SigningDateText.iso(expiry)
            return .text(
                200,
                "{\"AccessKeyId\":\"ASIA\(number)\",\"SecretAccessKey\":\"s\",\"Token\":\"t\",\"Expiration\":\"\(stamp)\"}"
            )
        }
    }

    @Test func refreshesWithinFiveMinutesOfExpiry() async throws {
        let sandbox = try CredentialSandbox()
        let clock = ManualClock()
        let chain = sandbox.chain(
            environment: ["AWS_CONTAINER_CREDENTIALS_RELATIVE_URI": "/x"], transport: Self.container(clock: clock),
            clock: { clock.now })
        let cache = CredentialCache(chain: chain)
        #expect(try await cache.credentials().credentials.accessKeyID == "ASIA1")
        clock.advance(3600 - 301)
        #expect(try await cache.credentials().credentials.accessKeyID == "ASIA1")
        clock.advance(1)
        #expect(try await cache.credentials().credentials.accessKeyID == "ASIA2")
    }

    @Test func aFailedRefreshKeepsUnexpiredCredentialsOnly() async throws {
        let sandbox = try CredentialSandbox()
        let clock = ManualClock()
        let chain = sandbox.chain(
            environment: ["AWS_CONTAINER_CREDENTIALS_RELATIVE_URI": "/x"],
            transport: Self.container(clock: clock, failAfter: 1), clock: { clock.now })
        let cache = CredentialCache(chain: chain)
        _ = try await cache.credentials()
        clock.advance(3600 - 60)
        #expect(try await cache.credentials().credentials.accessKeyID == "ASIA1")
        clock.advance(60)
        await expectCredentialError(
            .unavailable, "container credentials from 169.254.170.2 failed after 3 attempts: HTTP 500"
        ) {
            _ = try await cache.credentials()
        }
    }

    @Test func longTermKeysAreResolvedOnce() async throws {
        let sandbox = try CredentialSandbox()
        let counter = RequestLog()
        let chain = sandbox.chain(
            profile: "p",
            runProcess: { command in
                counter.append(HTTPRequest(url: command), timeout: 0)
                return (0, Array(#"{"Version":1,"AccessKeyId":"AKIAPROCESS000000001","SecretAccessKey":"s"}"#.utf8), [])
            })
        try sandbox.config("[profile p]\ncredential_process = anything\n")
        let cache = CredentialCache(chain: chain)
        _ = try await cache.credentials()
        _ = try await cache.credentials()
        #expect(counter.requests.count == 1)
    }
}
