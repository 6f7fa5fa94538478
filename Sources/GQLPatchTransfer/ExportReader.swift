import GQLPatchRecords
import GQLPatchSupport
import JSON

/// Reads an export plan one model at a time, a page at a time, in the plan's order, then reads the
/// models with a broken cycle again for their second-pass lines (not kept from the first read): at
/// most one page is held, however many records there are. Not resumable (an export with `--state`
/// reads side by side into part files instead). `copy` and an export to a pipe read with it.
package struct ExportReader: Sendable {
    package let plan: ExportPlan
    package let includeDeleted: Bool
    private let sender: RetryingSender
    /// Checked before each page: a code ends the read (Ctrl-C, SIGTERM).
    private let stop: @Sendable () -> ExitCode?
    private var pass = 0
    private var index = 0
    private var pages: ModelPages?

    package init(
        plan: ExportPlan, includeDeleted: Bool, sender: RetryingSender,
        stop: @escaping @Sendable () -> ExitCode? = { nil }
    ) {
        self.plan = plan
        self.includeDeleted = includeDeleted
        self.sender = sender
        self.stop = stop
    }

    /// The next page's lines; nil once every model was read (in both passes).
    package mutating func next() async throws(GQLPatchError) -> ExportPage? {
        while pass < 2 {
            guard index < plan.steps.count else {
                pass += 1
                index = 0
                continue
            }
            let step = plan.steps[index]
            let second = pass == 1
            if second, step.line.deferredFields.isEmpty {
                index += 1
                continue
            }
            if Task.isCancelled { throw GQLPatchError(.interrupted, "export cancelled") }
            if let code = stop() {
                throw GQLPatchError(code, "export interrupted (\(code == .terminated ? "SIGTERM" : "Ctrl-C"))")
            }
            if pages == nil {
                pages = ModelPages(model: step.model, selection: step.selection, query: step.query, sender: sender)
            }
            guard let page = try await pages!.next() else {
                pages = nil
                index += 1
                continue
            }
            let lines = try ExportPage.lines(
                of: page.items, step: step, includeDeleted: includeDeleted, masker: plan.masker, first: !second,
                second: second)
            return ExportPage(
                step: index, second: second, lines: second ? lines.second : lines.first, records: lines.records)
        }
        return nil
    }
}
