import GQLPatchTestSupport
import HTTP
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// A `Double` turned into an integer never traps: out of range it is clamped, NaN is 0. Each call site
/// that converted with `Int(x)`/`UInt64(x)` used to crash the process (exit 132) past the range.
@Suite struct SaturatedConversionTests {
    @Test func clampsToTheTargetRange() {
        #expect((1e19).saturated(to: Int.self) == Int.max)
        #expect((9.2e18).saturated(to: Int.self) == 9_200_000_000_000_000_000)
        #expect((-1e300).saturated(to: Int.self) == Int.min)
        #expect(Double.infinity.saturated(to: UInt64.self) == UInt64.max)
        #expect((-5.0).saturated(to: UInt64.self) == 0)
        #expect(Double.nan.saturated(to: Int32.self) == 0)
        #expect((3e9).saturated(to: Int32.self) == Int32.max)
        #expect((2.9).saturated(to: Int.self) == 2)
        #expect((-2.9).saturated(to: Int.self) == -2)
    }

    /// `String(Int(timeout))` trapped for a timeout past Int's range.
    @Test func aHugeTimeoutInAMessageDoesNotTrap() {
        let error = TransportFailure(.timedOut, detail: "").error(host: "h", timeout: 1e300)
        #expect(error.message == "request to h timed out after \(Int.max) s")
    }
}
