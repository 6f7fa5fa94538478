import GQLPatchSettings
import GQLPatchSupport
import GQLPatchUndo
import Synchronization

/// The run's undo log (`--undo-log`, `GQLPATCH_UNDO_LOG`), opened once, when the command has
/// resolved the API it writes to and is about to write (a dry run opens none). A command planned a
/// second time (an API's schema read again) writes to the log opened the first time.
package final class UndoLogOpening: Sendable {
    package let path: String
    private let command: String
    private let log = Mutex<UndoLog?>(nil)

    package init(path: String, command: String) {
        self.path = path
        self.command = command
    }

    /// The log, once opened.
    package var current: UndoLog? { log.withLock { $0 } }

    /// Opens the log for writes to `settings`' endpoint (once; later calls return it).
    @discardableResult
    package func open(for settings: Settings, secrets: SecretScrubber?) throws(GQLPatchError) -> UndoLog {
        try log.withLock { (log: inout UndoLog?) throws(GQLPatchError) -> UndoLog in
            if let log { return log }
            let opened = try UndoLog.begin(
                path: path, command: command, endpoint: settings.endpoint ?? "", secrets: secrets)
            log = opened
            return opened
        }
    }
}
