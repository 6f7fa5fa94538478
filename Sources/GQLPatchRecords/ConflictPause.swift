/// The wait before the next try after a conflict: random, up to 5 ms doubled with each try (at most
/// 320 ms), so writers that collided on one record do not collide again in step.
package enum ConflictPause {
    package static func wait(afterAttempt attempt: Int) async {
        let ceiling = UInt64(5_000_000) << UInt64(min(attempt, 6))
        try? await Task.sleep(nanoseconds: UInt64.random(in: 0...ceiling))
    }
}
