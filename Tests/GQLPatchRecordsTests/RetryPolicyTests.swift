import Foundation
import GQLPatchTestSupport
import Testing

@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(maxAttempts: 5, baseDelay: 0.5, maxDelay: 4, maxRetryAfter: 30)

    struct Retryable: Sendable, CustomTestStringConvertible {
        var failure: RetryPolicy.Failure
        var retried: Bool
        var mayHaveArrived: Bool
        var testDescription: String { "\(failure)" }
    }

    @Test(arguments: [
        Retryable(failure: .notConnected, retried: true, mayHaveArrived: false),
        Retryable(failure: .connectionLost, retried: true, mayHaveArrived: true),
        Retryable(failure: .serverError(status: 500), retried: true, mayHaveArrived: true),
        Retryable(failure: .serverError(status: 503), retried: true, mayHaveArrived: true),
        Retryable(failure: .throttled(retryAfter: nil), retried: true, mayHaveArrived: false),
        Retryable(failure: .final, retried: false, mayHaveArrived: false),
    ])
    func whatIsRetried(_ row: Retryable) {
        #expect(RetryPolicy.isRetryable(row.failure) == row.retried)
        #expect(RetryPolicy.mayHaveArrived(row.failure) == row.mayHaveArrived)
        #expect((policy.delay(after: 1, failure: row.failure, random: 0.5) != nil) == row.retried)
    }

    /// Full jitter: the draw scales a ceiling that doubles from `baseDelay` up to `maxDelay`.
    @Test(arguments: [(1, 0.5), (2, 1.0), (3, 2.0), (4, 4.0)])
    func backoffBounds(attempt: Int, ceiling: Double) throws {
        let low = try #require(policy.delay(after: attempt, failure: .connectionLost, random: 0))
        let high = try #require(policy.delay(after: attempt, failure: .connectionLost, random: 0.999_999))
        let middle = try #require(policy.delay(after: attempt, failure: .connectionLost, random: 0.25))
        #expect(low == 0)
        #expect(abs(high - ceiling) < 1e-5)
        #expect(abs(middle - ceiling * 0.25) < 1e-9)
    }

    @Test func ceilingStopsAtMaxDelay() throws {
        let long = RetryPolicy(maxAttempts: 20, baseDelay: 0.5, maxDelay: 4)
        #expect(try #require(long.delay(after: 12, failure: .serverError(status: 502), random: 0.999_999)) <= 4)
    }

    @Test func givesUpAfterMaxAttempts() {
        #expect(policy.delay(after: 4, failure: .connectionLost, random: 0.5) != nil)
        #expect(policy.delay(after: 5, failure: .connectionLost, random: 0.5) == nil)
        #expect(RetryPolicy(maxAttempts: 1).delay(after: 1, failure: .connectionLost, random: 0.5) == nil)
    }

    @Test func retryAfterIsALowerBound() throws {
        #expect(try #require(policy.delay(after: 1, failure: .throttled(retryAfter: "3"), random: 0)) == 3)
        // A jittered backoff longer than Retry-After wins.
        #expect(try #require(policy.delay(after: 4, failure: .throttled(retryAfter: "1"), random: 0.999_999)) > 3.9)
        // An absurd Retry-After is cut to maxRetryAfter.
        #expect(try #require(policy.delay(after: 1, failure: .throttled(retryAfter: "86400"), random: 0)) == 30)
        // An unreadable one is ignored.
        #expect(try #require(policy.delay(after: 1, failure: .throttled(retryAfter: "soon"), random: 0)) == 0)
    }

    @Test func retryAfterAsAnHTTPDate() throws {
        let now = Date(timeIntervalSince1970: 1_445_412_470)  // Wed, 21 Oct 2015 07:27:50 GMT
        #expect(RetryPolicy.retryAfterSeconds("Wed, 21 Oct 2015 07:28:00 GMT", now: now) == 10)
        #expect(RetryPolicy.retryAfterSeconds("Wed, 21 Oct 2015 07:27:00 GMT", now: now) == 0)
        #expect(RetryPolicy.retryAfterSeconds("Wednesday, 21-Oct-15 07:28:30 GMT", now: now) == 40)
        #expect(RetryPolicy.retryAfterSeconds("Wed Oct 21 07:29:00 2015", now: now) == 70)
        #expect(RetryPolicy.retryAfterSeconds("Wed, 21 Oct 2015 07:28:00 PST", now: now) == nil)
        #expect(
            RetryPolicy.retryAfterSeconds(
                "Wed, 21 Oct 2015 07:28:00 GMT", now: Date(timeIntervalSince1970: 1_445_412_479.5)) == 0.5)
        #expect(RetryPolicy.retryAfterSeconds(" 2.5 ", now: now) == 2.5)
        #expect(RetryPolicy.retryAfterSeconds("-1", now: now) == nil)
    }
}
