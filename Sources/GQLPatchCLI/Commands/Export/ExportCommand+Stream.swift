import AWSSigning
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSupport
import GQLPatchTransfer

extension ExportCommand {
    /// One model to standard output without a state: the header, each page's lines as the page
    /// arrives, then the end line, so `export Item | head -1` answers after the first page.
    func streamToStandardOutput(_ prepared: ExportPlan, stop: @escaping @Sendable () -> ExitCode?)
        async throws(GQLPatchError)
    {
        let console = context.console
        let hasher = LockedValue(SHA256())
        let write: @Sendable ([UInt8]) throws(GQLPatchError) -> Void = { bytes throws(GQLPatchError) in
            hasher.withValue { $0.update(data: bytes) }
            try console.write(bytes)
        }
        try write(ExportHeader(models: prepared.steps.map(\.model.name)).line)
        let state = try await exportRun(prepared, stop: stop).stream(into: write)
        console.message(Self.summary(state))
        try console.write(ExportRun.trailer(state, digest: hasher.current.finalize().hexString).line)
    }
}
