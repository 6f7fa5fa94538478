import GQLPatchOperations
import GQLPatchSupport

/// The export's `ExportState`, shared by the models' readers and the writer, and kept in the
/// `--state` file after every change (written whole beside it and renamed over it, so a run killed
/// at any point leaves the state before or after the change, never half of it).
package struct ExportProgress: Sendable {
    private let state: LockedValue<ExportState>
    /// The `--state` file; nil: kept in memory only.
    package let file: String?

    package init(state: ExportState, file: String?) {
        self.state = LockedValue(state)
        self.file = file
    }

    package var current: ExportState { state.current }

    /// Changes the state and records it.
    package func update(_ change: (inout ExportState) -> Void) throws(GQLPatchError) {
        let file = file
        let outcome: Result<Void, GQLPatchError> = state.withValue { state in
            change(&state)
            guard let file else { return .success(()) }
            do throws(GQLPatchError) {
                try PrivateFiles.write(state.json.serialized().utf8.map { $0 }, to: file)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try outcome.get()
    }
}
