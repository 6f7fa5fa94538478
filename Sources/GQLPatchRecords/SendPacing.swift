import GQLPatchClient

/// Paces the tries of a batch's requests (`--rate`): each try waits for its turn, and is told how
/// it ended (the adaptive rate learns from throttling).
package protocol SendPacing: Sendable {
    /// Waits for a try's turn; what it returns is handed back to `finished`.
    func turn(now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (Double) async -> Void) async
        -> Double
    /// A try that took `turn` ended with `failure` (nil: an answer to keep).
    func finished(turn: Double, now: Double, failure: SendFailure?)
}
