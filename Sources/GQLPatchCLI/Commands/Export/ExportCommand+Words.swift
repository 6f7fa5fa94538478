import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import GQLPatchTransfer

/// What an export says on stderr: the cycles it breaks, its progress line and its summary.
extension ExportCommand {
    /// `gqlpatch: note: export: Comment refers to itself (parentID): ...`, for a cycle found.
    static func describe(_ cycle: ExportOrder.Cycle) -> String {
        let path = (cycle.models + [cycle.models[0]]).joined(separator: " -> ")
        guard let link = cycle.broken else {
            return
                "gqlpatch: warning: export: a cycle of required references (\(path)): \(cycle.models[0]) records are written before the \(cycle.models.count > 1 ? cycle.models[1] : cycle.models[0]) records they refer to"
        }
        let fields = link.fields.joined(separator: ", ")
        return
            "gqlpatch: note: export: a cycle of references (\(path)): \(link.holder).\(fields) is left out of the first pass and set by update lines at the end"
    }

    /// Redraws the progress line every 0.2 s until cancelled.
    static func drawProgress(_ progress: ExportProgress, console: Console, stopped: LockedValue<Bool>)
        -> Task<Void, Never>
    {
        Task {
            while !Task.isCancelled {
                let text = ProgressLine.clear + progressText(progress.current)
                stopped.withValue { stopped in if !stopped { console.writeErr(text) } }
                try? await Task.sleep(nanoseconds: 200_000_000)
            }
        }
    }

    /// `3/5 models read  12,345 records  reading Comment 2,000, Tag 300`.
    static func progressText(_ state: ExportState) -> String {
        let read = state.steps.filter(\.read).count
        let records = state.steps.reduce(0) { $0 + $1.records }
        var text = "\(read)/\(state.steps.count) models read  \(grouped(records)) records"
        let reading = state.steps.filter { !$0.read && $0.records > 0 }
        if !reading.isEmpty {
            text +=
                "  reading " + reading.prefix(4).map { "\($0.model) \(grouped($0.records))" }.joined(separator: ", ")
        }
        return text
    }

    /// `gqlpatch: export: Item 1,234 records, Order 12 records (3 second-pass updates)`.
    static func summary(_ state: ExportState) -> String {
        let counts = state.steps.map { "\($0.model) \(grouped($0.records)) record\($0.records == 1 ? "" : "s")" }
        let updates = state.steps.reduce(0) { $0 + $1.secondLines }
        let second = updates > 0 ? " (\(grouped(updates)) second-pass update\(updates == 1 ? "" : "s"))" : ""
        return "gqlpatch: export: " + (counts.isEmpty ? "no models" : counts.joined(separator: ", ")) + second
    }

    /// 1234567 as `1,234,567`.
    static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(digits, at: 0)
        return (number < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
