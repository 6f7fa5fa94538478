import Testing

@testable import GQLPatchClient

/// The one backoff: requests and reconnects draw their waits from the same doubling ceiling.
@Suite struct BackoffTests {
    @Test func theCeilingDoublesToItsMaximumAndEachJitterDrawsUnderIt() {
        let requests = Backoff.requests
        #expect(requests.seconds(beforeRetry: 0, random: 0.9) == 0)
        #expect(requests.seconds(beforeRetry: 1, random: 0.999_999) < 0.25)
        #expect(requests.seconds(beforeRetry: 3, random: 0.5) == 0.5)  // ceiling 1 s, half of it
        #expect(requests.seconds(beforeRetry: 1_000_000, random: 1) == 20)
        #expect(requests.seconds(beforeRetry: 7, random: 0) == 0)  // full jitter may draw nothing

        let reconnects = Backoff.reconnects
        #expect(reconnects.seconds(beforeRetry: 1, random: 0) == 0.25)  // never at once: half the ceiling
        #expect(reconnects.seconds(beforeRetry: 4, random: 1) == 4)
        #expect(reconnects.seconds(beforeRetry: Int.max, random: 0) == 15)
        // Out-of-range draws are held to 0 ... 1.
        #expect(reconnects.seconds(beforeRetry: 2, random: -3) == 0.5)
        #expect(requests.seconds(beforeRetry: 2, random: 7) == 0.5)
    }

    @Test func requestsAndReconnectsUseIt() {
        #expect(RealtimeSubscriber.pauseMilliseconds(failures: 4, random: 1) == 4_000)
        #expect(RealtimeSubscriber.pauseMilliseconds(failures: 0, random: 1) == 0)
    }
}
