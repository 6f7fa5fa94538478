import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSupport
import JSON

extension SequenceRun {
    /// After a plan run that could not be undone (a versioned model's key moves, via a gap) failed:
    /// deletes the copies whose original was not deleted (the journal says which lines were done, and
    /// the original is read to be sure it is still there), highest first. The plan deletes the old keys
    /// highest first, so the rows still at their old numbers are the lower ones, and the copies left
    /// are the higher rows' in order: the sequence keeps its order. True when every such copy was
    /// removed (or there was none).
    func removeCopies(report: SequenceReport, files: SequenceRunFiles) async throws(GQLPatchError) -> Bool {
        let (_, state) = try BatchJournal.resume(path: files.journal)
        let records = records(nil)
        var removals: [(Int, JSONValue)] = []
        for (index, role) in report.roles.enumerated() {
            guard case .copy(let move) = role, state.done[index + 1] != nil else { continue }
            guard let deleteIndex = report.roles.firstIndex(where: { $0 == .remove(move) }),
                state.done[deleteIndex + 1] == nil
            else { continue }
            guard let key = report.lines[index]["key"], let modelName = report.lines[index]["model"]?.stringValue,
                let model = catalogue.models[modelName],
                let originalKey = report.lines[deleteIndex]["key"]?.objectValue
            else { continue }
            // A delete whose answer was lost may have gone through: the copy is then the row, and stays.
            let original = try await records.fetch(
                model, key: originalKey,
                selection: VersionScheme.of(model).fetchSelection(RecordService.keySelection(model)))
            guard let original, original["_deleted"] != .bool(true) else { continue }
            removals.append(
                (move.to, .object(JSONObject([("op", "delete"), ("model", .string(modelName)), ("key", key)]))))
        }
        guard !removals.isEmpty else { return true }
        console.message(
            "gqlpatch: \(name): removing the copies of the \(removals.count) row\(removals.count == 1 ? "" : "s") not moved"
        )
        var bytes: [UInt8] = []
        for (_, line) in removals.sorted(by: { $0.0 > $1.0 }) {
            line.write(to: &bytes, pretty: false)
            bytes.append(UInt8(ascii: "\n"))
        }
        let path = files.plan + ".repair"
        try PrivateFiles.write(bytes, to: path)
        defer { _ = try? PrivateFiles.remove(path) }
        let code = try await apply(path, journal: nil, continueOnError: true) { result in
            guard result.status == .deleted, let key = result.key else { return [result.json()] }
            return [.object(JSONObject([("op", "removed"), ("key", .object(key))]))]
        }
        return code == .success
    }
}
