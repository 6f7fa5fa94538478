import AWSSigning
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSupport

extension ExportCommand {
    /// The export of `prepared` (announced already) into `write`, with no file of its own (`copy`):
    /// one model at a time, each page's lines written as the page arrives, so at most one page is
    /// held; the second-pass lines of a broken cycle by reading the model again at the end, not kept
    /// from the first read. `write` may wait (a full pipe): the pages wait with it. Not resumable.
    /// `stop` ends it between pages (Ctrl-C). Returns the counts written.
    @discardableResult
    func stream(
        _ prepared: Prepared, into write: @Sendable ([UInt8]) throws(GQLPatchError) -> Void,
        stop: @Sendable () -> ExitCode? = { nil }
    ) async throws(GQLPatchError) -> ExportState {
        let session = CommandSession(settings: settings, context: context)
        let sender = session.pageRetrying
        var state = ExportState(output: "-", models: prepared.steps.map(\.model.name))
        for pass in 0..<2 {
            for (index, step) in prepared.steps.enumerated() {
                let second = pass == 1
                if second, step.line.deferredFields.isEmpty { continue }
                var pages = ModelPages(model: step.model, selection: step.selection, query: step.query, sender: sender)
                while true {
                    // The import stopped (an error, Ctrl-C): nothing more is read.
                    if Task.isCancelled { throw GQLPatchError(.interrupted, "export cancelled") }
                    if let code = stop() {
                        throw GQLPatchError(code, "export interrupted (\(code == .terminated ? "SIGTERM" : "Ctrl-C"))")
                    }
                    guard let page = try await pages.next() else { break }
                    let (first, updates, records, updateLines) = try Self.lines(
                        of: page.items, step: step, includeDeleted: options.includeDeleted, masker: prepared.masker,
                        scrubber: context.secrets, second: second)
                    if second {
                        try write(updates)
                        state.steps[index].secondLines += updateLines
                    } else {
                        try write(first)
                        state.steps[index].records += records
                    }
                }
            }
        }
        context.console.message(Self.summary(state))
        return state
    }

    /// One model to standard output without a state: the header, each page's lines as the page
    /// arrives, then the end line, so `export Item | head -1` answers after the first page.
    func streamToStandardOutput(_ prepared: Prepared, stop: @escaping @Sendable () -> ExitCode?)
        async throws(GQLPatchError)
    {
        let console = context.console
        let hasher = LockedValue(SHA256())
        let write: @Sendable ([UInt8]) throws(GQLPatchError) -> Void = { bytes throws(GQLPatchError) in
            hasher.withValue { $0.update(data: bytes) }
            try console.write(bytes)
        }
        try write(ExportHeader(models: prepared.steps.map(\.model.name)).line)
        let state = try await stream(prepared, into: write, stop: stop)
        try console.write(Self.trailer(state, digest: hasher.current.finalize().hexString).line)
    }
}
