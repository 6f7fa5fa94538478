/// A run's header in an undo log.
package struct UndoLogRun: Sendable, Equatable {
    package var id: String
    package var started: String
    package var command: String
    package var endpoint: String
    /// The header's line.
    package var line: Int
}
