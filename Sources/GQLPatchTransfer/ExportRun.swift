import AWSSigning
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSupport
import JSON

/// An export's reading and writing once its plan is checked: up to `concurrency` models read at once,
/// each model's pages in order, into a part file of its own (a second one for the second-pass lines
/// of a broken cycle); parts are copied into the output in model order as soon as every model before
/// them is, so the output is written model by model and no model is ever held in memory. Progress
/// (`ExportProgress`) records each page and each copy, so a run with a state file goes on from there.
/// Or, with no file of its own, the reader's pages written as they come (`stream`).
package struct ExportRun: Sendable {
    package var plan: ExportPlan
    package var includeDeleted: Bool
    package var concurrency: Int
    package var sender: RetryingSender
    /// The run's secrets: a credential the server put into a record is written as `[redacted]`.
    package var scrubber: SecretScrubber?
    /// Checked before each page: a code ends the run (Ctrl-C, SIGTERM).
    package var stop: @Sendable () -> ExitCode?

    package init(
        plan: ExportPlan, includeDeleted: Bool, concurrency: Int, sender: RetryingSender, scrubber: SecretScrubber?,
        stop: @escaping @Sendable () -> ExitCode?
    ) {
        self.plan = plan
        self.includeDeleted = includeDeleted
        self.concurrency = concurrency
        self.sender = sender
        self.scrubber = scrubber
        self.stop = stop
    }

    /// The whole export into `write` (digested by `hasher` as it goes) from where `progress` says:
    /// the header line when nothing was written yet, the models' lines, the second-pass lines; then
    /// the end line into `put` (which is not digested: it holds the digest).
    package func write(
        parts: ExportParts, progress: ExportProgress,
        write: @escaping @Sendable ([UInt8]) throws(GQLPatchError) -> Void,
        put: ([UInt8]) throws(GQLPatchError) -> Void, hasher: LockedValue<SHA256>
    ) async throws(GQLPatchError) {
        if progress.current.outputLength == 0 {
            let header = ExportHeader(models: plan.steps.map(\.model.name)).line
            try write(header)
            try progress.update { state in
                state.outputLength = header.count
                state.digest = hasher.current.saved
            }
        }
        try await readAndWrite(parts: parts, progress: progress, write: write, hasher: hasher)
        try put(Self.trailer(progress.current, digest: hasher.current.finalize().hexString).line)
    }

    /// The reader's pages into `write` as they come, one model at a time (at most one page held), with
    /// no file of its own: not resumable. `write` may wait (a full pipe): the pages wait with it.
    /// Returns the counts written.
    package func stream(into write: ([UInt8]) throws(GQLPatchError) -> Void) async throws(GQLPatchError)
        -> ExportState
    {
        var reader = ExportReader(plan: plan, includeDeleted: includeDeleted, sender: sender, stop: stop)
        var state = ExportState(output: "-", models: plan.steps.map(\.model.name))
        while let page = try await reader.next() {
            try write(Self.bytes(page.lines, scrubber: scrubber))
            if page.second {
                state.steps[page.step].secondLines += page.lines.count
            } else {
                state.steps[page.step].records += page.records
            }
        }
        return state
    }

    /// The reader's records as they come (`record`: each line's key and `set` as one object, as a row
    /// of a table is), one model at a time, at most one page held. For one model whose plan defers
    /// nothing (every field in its first-pass line). Returns the counts read.
    package func streamRecords(into record: (JSONObject) throws(GQLPatchError) -> Void) async throws(GQLPatchError)
        -> ExportState
    {
        var reader = ExportReader(plan: plan, includeDeleted: includeDeleted, sender: sender, stop: stop)
        var state = ExportState(output: "-", models: plan.steps.map(\.model.name))
        while let page = try await reader.next() {
            guard !page.second else { continue }
            for line in page.lines {
                var row = line["key"]?.objectValue ?? JSONObject()
                for (name, value) in line["set"]?.objectValue ?? JSONObject() { row[name] = value }
                try record(row)
            }
            state.steps[page.step].records += page.records
        }
        return state
    }

    /// Reads the models `concurrency` at a time and copies each one's part into the output once
    /// every model before it is there; then the second-pass parts, in the same order.
    private func readAndWrite(
        parts: ExportParts, progress: ExportProgress,
        write: @escaping @Sendable ([UInt8]) throws(GQLPatchError) -> Void,
        hasher: LockedValue<SHA256>
    ) async throws(GQLPatchError) {
        let steps = plan.steps
        let pending = steps.indices.filter { !progress.current.steps[$0].read }
        var head = 0
        // Copies every model from `head` on whose pages are all read.
        func flush() throws(GQLPatchError) {
            while head < steps.count, progress.current.steps[head].read {
                let done = progress.current.steps[head]
                if !done.written {
                    try ExportFile.copy(parts.first(head), length: done.partLength, to: write)
                    try progress.update { state in
                        state.steps[head].written = true
                        state.outputLength += done.partLength
                        state.digest = hasher.current.saved
                    }
                }
                parts.removeFirst(head)
                head += 1
            }
        }
        let result: Result<Void, GQLPatchError> = await withTaskGroup(of: Result<Int, GQLPatchError>.self) { group in
            var next = 0
            func start() {
                guard next < pending.count else { return }
                let index = pending[next]
                next += 1
                group.addTask {
                    do throws(GQLPatchError) {
                        try await read(index, parts: parts, progress: progress)
                        return .success(index)
                    } catch {
                        return .failure(error)
                    }
                }
            }
            for _ in 0..<max(1, concurrency) { start() }
            do throws(GQLPatchError) {
                try flush()
                for await finished in group {
                    _ = try finished.get()
                    try flush()
                    start()
                }
                return .success(())
            } catch {
                group.cancelAll()
                return .failure(error)
            }
        }
        try result.get()
        for index in steps.indices where !steps[index].line.deferredFields.isEmpty {
            let done = progress.current.steps[index]
            guard !done.secondWritten else { continue }
            try ExportFile.copy(parts.second(index), length: done.secondLength, to: write)
            try progress.update { state in
                state.steps[index].secondWritten = true
                state.outputLength += done.secondLength
                state.digest = hasher.current.saved
            }
        }
    }

    /// Reads step `index`'s pages from where its progress says, appending each page's lines to its
    /// part files and recording the page after it is written.
    private func read(_ index: Int, parts: ExportParts, progress: ExportProgress) async throws(GQLPatchError) {
        let step = plan.steps[index]
        let saved = progress.current.steps[index]
        let first = try ExportFile(path: parts.first(index), length: saved.partLength)
        defer { first.finish() }
        let hasSecond = !step.line.deferredFields.isEmpty
        let second = hasSecond ? try ExportFile(path: parts.second(index), length: saved.secondLength) : nil
        defer { second?.finish() }
        var pages = ModelPages(
            model: step.model, selection: step.selection, query: step.query, sender: sender, from: saved.nextToken)
        while true {
            // Another model failed: the run is ending, and this page would not be copied.
            if Task.isCancelled { throw GQLPatchError(.interrupted, "export cancelled") }
            // Ctrl-C: the page in flight finished and was recorded; the run ends here.
            if let code = stop() {
                throw GQLPatchError(code, "export interrupted (\(code == .terminated ? "SIGTERM" : "Ctrl-C"))")
            }
            guard let page = try await pages.next() else { return }
            let lines = try ExportPage.lines(
                of: page.items, step: step, includeDeleted: includeDeleted, masker: plan.masker, first: true,
                second: hasSecond)
            let firstBytes = Self.bytes(lines.first, scrubber: scrubber)
            let secondBytes = Self.bytes(lines.second, scrubber: scrubber)
            try first.append(firstBytes)
            if let second { try second.append(secondBytes) }
            let token = page.nextToken
            try progress.update { state in
                state.steps[index].nextToken = token
                state.steps[index].read = token == nil
                state.steps[index].records += lines.records
                state.steps[index].secondLines += lines.second.count
                state.steps[index].partLength += firstBytes.count
                state.steps[index].secondLength += secondBytes.count
            }
            guard token != nil else { return }
        }
    }

    /// Export lines as the file holds them, a credential the server put into a record written as
    /// `[redacted]`: no file gqlpatch writes holds one.
    package static func bytes(_ lines: [JSONValue], scrubber: SecretScrubber?) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in lines { bytes += JSONPrinter.line(line) }
        return scrubber.map { $0.scrub(bytes) } ?? bytes
    }

    /// The digest of the output's bytes `state` records: the one it saved, or (when it has none for
    /// bytes written) the working file's bytes digested again.
    package static func digestSoFar(_ state: ExportState, working: String?, stateFile: String?)
        throws(GQLPatchError) -> SHA256
    {
        let name = stateFile ?? "the export state"
        if state.outputLength == 0 { return SHA256() }
        if !state.digest.isEmpty {
            guard let saved = SHA256(saved: state.digest) else {
                throw GQLPatchError(.invalidInput, "\(name) is damaged (its digest); remove it and export again")
            }
            return saved
        }
        guard let working else {
            throw GQLPatchError(
                .invalidInput, "\(name) holds no digest of the lines written to standard output; export again")
        }
        var hasher = SHA256()
        try ExportFile.copy(working, length: state.outputLength) { bytes in hasher.update(data: bytes) }
        return hasher
    }

    /// The end line of an export whose lines `state` counts and `digest` digests.
    package static func trailer(_ state: ExportState, digest: String) -> ExportTrailer {
        let lines = state.steps.reduce(0) { $0 + $1.records + $1.secondLines }
        return ExportTrailer(
            lines: lines, records: state.steps.map { ($0.model, $0.records) },
            updates: state.steps.filter { $0.secondLines > 0 }.map { ($0.model, $0.secondLines) }, sha256: digest)
    }
}
