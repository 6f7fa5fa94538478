import AWSSigning
import GQLPatchOperations
import GQLPatchSupport

/// An export through part files into a file or standard output, as one job: one run at a time on a
/// state file (a second is refused before it reads or writes anything), going on from the state a
/// stopped run saved, the output written to a working file and put in place only when complete
/// (`ExportTarget`), everything before the end line digested as it is written. A job that stops
/// without a state file leaves nothing behind (its parts and working file are removed); one with a
/// state file keeps both for the next run.
package struct ExportJob: Sendable {
    /// The counts so far, saved with the state file after each page and copy.
    package let progress: ExportProgress
    /// The job goes on from a state a stopped run saved.
    package let resumed: Bool
    /// Where the output goes (nil: standard output).
    package let target: ExportTarget?
    private let stateFile: String?
    private let lock: FileLock?
    private let parts: ExportParts
    private let models: Int

    /// Opens the job of exporting `models` to `output` (nil: standard output). `foreign` words the
    /// refusal of a state file saved by an export of other models or to another output.
    package init(
        models: [String], output: String?, stateFile: String?, temporaryBase: String,
        foreign: (_ saved: ExportState) -> GQLPatchError
    ) throws(GQLPatchError) {
        var lock: FileLock?
        if let path = stateFile {
            switch FileLock.acquire(for: path) {
            case .acquired(let held): lock = held
            case .held:
                throw GQLPatchError(
                    .throttled,
                    "another export is running on \(path); wait for it to end (or stop it), then run this one again"
                )
            case .failed(let reason):
                throw GQLPatchError(.ioError, "cannot lock \(path) (through \(path).lock): \(reason)")
            }
        }
        do throws(GQLPatchError) {
            parts = try ExportParts(stateFile: stateFile, temporaryBase: temporaryBase)
            var state = ExportState(output: output ?? "-", models: models)
            var resumed = false
            if let path = stateFile, let saved = try ExportParts.loadState(path) {
                guard saved.output == state.output, saved.models == models else { throw foreign(saved) }
                state = saved
                resumed = true
            }
            self.resumed = resumed
            progress = ExportProgress(state: state, file: stateFile)
        } catch {
            lock?.release(remove: false)
            throw error
        }
        self.lock = lock
        self.stateFile = stateFile
        self.models = models.count
        target = output.map { ExportTarget(path: $0, resumable: stateFile != nil) }
    }

    /// Runs `run` into the output (`console` for standard output); the output is in place when it
    /// returns. On a failure the job is left as the next run finds it (see the type), then thrown.
    package func write(_ run: ExportRun, console: Console) async throws(GQLPatchError) {
        var finished = false
        defer { lock?.release(remove: finished) }
        let state = progress.current
        let sink = try target.map { target throws(GQLPatchError) in
            do throws(GQLPatchError) {
                return try ExportFile(path: target.working, length: state.outputLength)
            } catch {
                guard !target.inPlace else { throw error }
                throw GQLPatchError(
                    error.code, error.message + " (the export is written there first, then renamed to \(target.path))")
            }
        }
        defer { sink?.finish() }
        let put: @Sendable ([UInt8]) throws(GQLPatchError) -> Void = { bytes throws(GQLPatchError) in
            if let sink { try sink.append(bytes) } else { try console.write(bytes) }
        }
        // The digest so far is kept with the output's length, so a resumed run goes on from the same point.
        let hasher = LockedValue(try ExportRun.digestSoFar(state, working: target?.working, stateFile: stateFile))
        let write: @Sendable ([UInt8]) throws(GQLPatchError) -> Void = { bytes throws(GQLPatchError) in
            hasher.withValue { $0.update(data: bytes) }
            try put(bytes)
        }
        do throws(GQLPatchError) {
            try await run.write(parts: parts, progress: progress, write: write, put: put, hasher: hasher)
            if target == nil { try console.checkOutput() }
        } catch {
            if stateFile == nil {
                parts.remove(models)
                target?.discard()
            }
            throw error
        }
        if let target, let sink { try target.commit(sink) }
        parts.remove(models)
        if let stateFile { _ = try? PrivateFiles.remove(stateFile) }
        finished = true
    }
}
