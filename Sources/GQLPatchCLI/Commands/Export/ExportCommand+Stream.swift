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

    /// One model's records as rows (`--output csv|tsv|table`) on standard output as pages come: the
    /// columns of its key and the fields its lines write (objects flattened), all in one row each.
    func streamRows(_ prepared: ExportPlan, stop: @escaping @Sendable () -> ExitCode?) async throws(GQLPatchError) {
        guard prepared.steps.count == 1, options.output == nil, options.state == nil else {
            throw .usage(
                "\(OptionName.output) \(settings.output.rawValue) exports one model to standard output: name one model, without \(OptionName.outShort) or \(OptionName.state)"
            )
        }
        var plan = prepared
        var step = plan.steps[0]
        // One row a record: the fields a cycle would leave to a second pass go in it too.
        step.line = ExportLine(
            model: step.model, catalogue: settings.catalogue, includeTimestamps: options.includeTimestamps)
        plan.steps[0] = step
        let written = Set(step.model.primaryKey + step.line.fields)
        let selection = SelectionSet(fields: step.selection.fields.filter { written.contains($0.name) })
        let session = CommandSession(settings: settings, context: context)
        guard let rows = session.rowPrinter(model: step.model, selection: selection) else { return }
        let state = try await exportRun(plan, stop: stop).streamRecords { (record) throws(GQLPatchError) in
            try rows.print(record)
        }
        try rows.finish()
        context.console.message(Self.summary(state))
    }
}
