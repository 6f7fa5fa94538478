import Foundation
import JSON

@testable import GQLPatchSchema
@testable import GQLPatchSupport
@testable import GQLPatchUndo

/// Reads arbitrary bytes as an undo log (`UndoLogFile.parse`, what `undo` reads before anything is
/// sent), plans it and judges each write against the record absent, as before and as after. Any
/// `GQLPatchError` is fine; a trap is not. An accepted log must be consistent: every entry of a run
/// with a header, the key and the record before wherever the write needs them, and the plan holding
/// every write but those refused, newest first.
enum UndoLogFuzzTarget {
    static let catalogue: ModelCatalogue = {
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("schema.graphql").path
        guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
        do {
            return try CatalogueLoader.load(
                bytes: Array(data), file: "schema.graphql", transformConfig: nil, versioned: nil)
        } catch {
            fatalError("the schema does not load: \(error)")
        }
    }()

    static func run(_ bytes: [UInt8]) {
        var reader = JSONLineReader()
        var lines = reader.feed(bytes)
        if let last = reader.finish() { lines.append(last) }
        var index = 0
        let next = { () throws(GQLPatchError) -> JSONLine? in
            defer { index += 1 }
            return index < lines.count ? lines[index] : nil
        }
        let log: UndoLogFile
        do {
            log = try UndoLogFile.parse(path: "fuzz.undo", next: next)
        } catch {
            precondition(error.code == .invalidInput, "an undo log error that is not 65: \(error.code)")
            precondition(
                error.message.hasPrefix("fuzz.undo:"), "an undo log error that names no place: \(error.message)")
            return
        }
        let runs = Set(log.runs.map(\.id))
        precondition(runs.count == log.runs.count, "a run with two headers")
        var previous = 0
        for entry in log.entries {
            precondition(runs.contains(entry.run), "an entry of run \(entry.run), which has no header")
            precondition(entry.line > previous, "entries out of the log's order")
            previous = entry.line
            if entry.write != "create" {
                precondition(entry.key != nil && entry.before != nil, "a \(entry.write) without its key or record")
            }
        }
        if let torn = log.tornLine { precondition(torn == lines.count, "a torn line that is not the last") }
        let keys = Dictionary(catalogue.models.map { ($0.key, $0.value.primaryKey) }, uniquingKeysWith: { a, _ in a })
        let plan = UndoPlan(log, run: nil, only: [], primaryKeys: keys)
        precondition(plan.entries.count + plan.refused == log.entries.count, "the plan lost a write")
        precondition(zip(plan.entries, plan.entries.dropFirst()).allSatisfy { $0.line > $1.line }, "not newest first")
        for entry in plan.entries.prefix(64) {
            guard let model = catalogue.models[entry.model] else { continue }
            let judge = UndoJudge(catalogue: catalogue, model: model)
            var after: JSONObject?
            if case .landed(let answer) = entry.outcome { after = answer }
            for now in [nil, entry.before, after] { _ = judge.judge(entry, now: now) }
        }
    }
}
