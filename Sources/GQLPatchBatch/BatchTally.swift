import GQLPatchSupport

/// Counts of an `apply` run by status, for the summary on stderr and the progress line.
package struct BatchTally: Sendable {
    package private(set) var counts: [LineStatus: Int] = [:]
    /// Lines the journal of a resumed run already had.
    package var resumedSkips = 0
    /// Lines of other shards (`--shard`), not this run's to apply.
    package var otherShards = 0
    /// Lines a resumed run found applied by the run it continues, by reading their records.
    package var settled = 0

    package init(counts: [LineStatus: Int] = [:], resumedSkips: Int = 0, otherShards: Int = 0) {
        self.counts = counts
        self.resumedSkips = resumedSkips
        self.otherShards = otherShards
    }

    package mutating func add(_ status: LineStatus) {
        counts[status, default: 0] += 1
    }

    package subscript(status: LineStatus) -> Int { counts[status] ?? 0 }

    /// Lines that got a result (rollback events not counted).
    package var finished: Int {
        counts.filter { $0.key != .rolledBack && $0.key != .rollbackFailed && $0.key != .skipped }.values.reduce(0, +)
    }

    package var failures: Int { counts.filter { $0.key.isFailure }.values.reduce(0, +) }

    /// `gqlpatch: apply: done: 120 lines in 3.2 s (37.5 lines/s): 100 updated, 18 unchanged, 2 failed`
    /// (`interrupted after`, or `stopped after` for a run ended by an error); `command` names the
    /// command whose batch it was (`insert` and `renumber` run theirs through apply's engine).
    package func summary(elapsed: Double, interrupted: Bool, stopped: Bool = false, command: String = "apply") -> String
    {
        let lines = finished + self[.skipped]
        let rate = elapsed > 0 ? Double(finished) / elapsed : 0
        var parts = LineStatus.allCases.compactMap { status -> String? in
            let count = self[status]
            return count > 0 ? "\(count) \(status.rawValue.replacing("_", with: " "))" : nil
        }
        if resumedSkips > 0 { parts.append("\(resumedSkips) already applied (journal)") }
        if settled > 0 {
            parts.append("\(settled) found applied by the stopped run (read, not sent again)")
        }
        if otherShards > 0 { parts.append("\(otherShards) other shards' line\(otherShards == 1 ? "" : "s") left out") }
        if parts.isEmpty { parts = ["nothing to do"] }
        let head = interrupted ? "interrupted after" : stopped ? "stopped after" : "done:"
        return
            "gqlpatch: \(command): \(head) \(lines) line\(lines == 1 ? "" : "s") in \(DecimalText.fixed(elapsed, fractionDigits: 1)) s "
            + "(\(DecimalText.fixed(rate, fractionDigits: 1)) lines/s): \(parts.joined(separator: ", "))"
    }
}
