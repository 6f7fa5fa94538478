import JSON

/// What `undo` is to do, from a log read whole: the chosen runs' writes newest first (one record's
/// writes are undone last-made first, so each finds the record as the next-newer undo left it),
/// without the writes the server refused.
package struct UndoPlan: Sendable {
    /// Newest first.
    package var entries: [UndoLogEntry]
    /// The runs they are from, in the log's order.
    package var runs: [UndoLogRun]
    /// Writes the server refused (nothing to undo), left out.
    package var refused: Int

    /// `run`: only that run's writes (the caller checked the log has it); `only`: only the records
    /// these keys name; `primaryKeys`: each model's key fields (a created record's key is in its answer).
    package init(_ log: UndoLogFile, run: String?, only: [UndoKeyFilter], primaryKeys: [String: [String]]) {
        var entries: [UndoLogEntry] = []
        var refused = 0
        var runIDs = Set<String>()
        for entry in log.entries.reversed() {
            if let run, entry.run != run { continue }
            if !only.isEmpty {
                guard let key = entry.recordKey(primaryKey: primaryKeys[entry.model] ?? []),
                    only.contains(where: { $0.matches(key) })
                else { continue }
            }
            if entry.outcome == .refused {
                refused += 1
                continue
            }
            entries.append(entry)
            runIDs.insert(entry.run)
        }
        self.entries = entries
        self.refused = refused
        runs = log.runs.filter { runIDs.contains($0.id) }
    }

    /// The endpoints the chosen writes went to.
    package var endpoints: [String] {
        var seen: [String] = []
        for run in runs where !seen.contains(run.endpoint) { seen.append(run.endpoint) }
        return seen
    }
}
