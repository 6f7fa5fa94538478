import GQLPatchSupport
import JSON

extension BatchApply {
    /// Checks every line of a file; prints each bad line's error and throws 65 when there is one.
    /// Matches each line against a resumed journal (a mismatch throws 65 at once). Returns the number
    /// of the run's own operations (non-blank lines of its shard) and, for a file of at most
    /// `keptOperations` lines, every line's entry in order.
    func checkWhole(
        _ source: BatchLineSource, parser: BatchLineParser, journal check: inout BatchJournalCheck?
    ) throws(GQLPatchError) -> (count: Int, entries: [BatchEntry]?) {
        var count = 0
        var ownCount = 0
        var errors = 0
        var entries: [BatchEntry]? = []
        var chunk: [JSONLine] = []
        var ended = false
        checking: while !ended {
            // Lines are parsed a chunk at a time, on every core; the results are taken in input order.
            chunk.removeAll(keepingCapacity: true)
            while chunk.count < Self.checkedChunk {
                guard let line = try source.next() else {
                    ended = true
                    break
                }
                if !line.isBlank { chunk.append(line) }
            }
            for result in parser.parseAll(chunk) {
                count += 1
                ownCount += 1
                let entry: BatchEntry
                switch result {
                case .success(let parsed):
                    entry = parsed
                case .failure(let error):
                    errors += 1
                    console.message(error.rendered(source: source.name))
                    if errors == Self.maximumReportedErrors { break checking }
                    continue
                }
                // Every line is checked (one bad line fails the file in every shard); only the shard's
                // own count for the progress line and the journal.
                if !plan.applies(entry) { ownCount -= 1 } else { _ = try check?.isDone(entry) }
                if count > Self.keptOperations {
                    entries = nil
                } else {
                    entries?.append(entry)
                }
            }
        }
        if errors > 0 {
            let more = errors == Self.maximumReportedErrors ? " (checking stopped after \(errors) errors)" : ""
            throw .invalidInput(
                "\(errors) invalid line\(errors == 1 ? "" : "s") in \(source.name)\(more); nothing was sent")
        }
        return (ownCount, entries)
    }
}
