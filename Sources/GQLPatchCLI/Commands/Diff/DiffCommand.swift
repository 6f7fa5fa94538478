import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import GQLPatchTransfer
import JSON

/// `gqlpatch diff`: the records of two APIs compared model by model, as JSON Lines: one per record
/// only in the source (`"diff": "only-from"`), only in the target (`"only-to"`), or in both with
/// fields that differ (`"changed"`, each field's two values). What the server sets is not
/// compared (`_version`, `_lastChangedAt`, and `createdAt`/`updatedAt` unless asked); soft-deleted
/// records count as absent. Exit 0 when the two hold the same, 1 when anything differs (as
/// `diff(1)`), an error's own code otherwise. The source's records of a model are held (their key
/// and compared fields) while the target's stream past them.
package struct DiffCommand: Sendable {
    package var options: DiffOptions
    package var from: Settings
    package var to: Settings
    package var context: RunContext
    /// The most source records of one model held while the target's stream past them (each its key
    /// and compared fields): a bound on memory; beyond it the two sides are compared as files.
    package var maximumHeld = DiffCommand.defaultMaximumHeld
    package static let defaultMaximumHeld = 1_000_000

    package func run() async throws(GQLPatchError) -> ExitCode {
        let console = context.console
        let api = { (settings: Settings, side: APISide) in
            DiffPlan.API(
                catalogue: settings.catalogue,
                sender: CommandSession(settings: settings, context: context).pageRetrying, described: side.described)
        }
        let planned = try DiffPlan.make(
            models: options.models, source: api(from, .from), target: api(to, .to),
            includeTimestamps: options.includeTimestamps, pageSize: options.pageSize, readFile: context.readFile,
            wording: CommandLineWording())
        var differs = false
        for (name, side) in planned.onlyOneSide {
            console.message("gqlpatch: diff: \(name) is only in \(side)'s schema")
            differs = true
        }
        for note in planned.notes { console.message(note) }
        let plans = planned.pairs.map { ($0.source, $0.target, $0.fields) }
        if from.dryRun {
            var steps: [JSONValue] = []
            for (source, target, _) in plans {
                for (name, side, settings) in [("from", source, from), ("to", target, to)] {
                    let planned = try ModelPages.planned(
                        model: side.model, selection: side.selection, query: side.query,
                        purpose: "list \(side.model.name), every page")
                    steps.append(
                        .object(
                            JSONObject([
                                ("side", .string(name)), ("endpoint", .string(settings.endpoint ?? "")),
                                ("step", planned.json),
                            ])))
                }
            }
            try DryRun.print(json: steps, settings: from, context: context)
            return .success
        }
        var summary: [String] = []
        // Rows: one a differing field (a record only on one side: one row, its record as JSON).
        let rows =
            from.output.isTabular
            ? RowPrinter(
                mode: from.output,
                columns: RecordColumns(paths: [["model"], ["key"], ["diff"], ["field"], ["from"], ["to"]]),
                console: console) : nil
        for (source, target, fields) in plans {
            let comparison = ModelComparison(
                source: source, target: target, fields: fields, catalogue: from.catalogue, maximumHeld: maximumHeld)
            let counts = try await comparison.run { difference throws(GQLPatchError) in
                guard let rows else { return try console.write(JSONPrinter.line(difference.json)) }
                for row in Self.rows(of: difference) { try rows.print(row) }
            }
            differs = differs || counts.differs
            summary.append(
                "\(source.model.name) \(counts.same) same, \(counts.changed) changed, \(counts.onlyFrom) only in from, \(counts.onlyTo) only in to"
            )
        }
        try rows?.finish()
        try console.checkOutput()
        console.message(
            "gqlpatch: diff: " + (summary.isEmpty ? "no models in common" : summary.joined(separator: "; ")))
        return differs ? .graphQLError : .success
    }

    /// A difference as rows of `model, key, diff, field, from, to`: a key of one field as its value
    /// (else as JSON), a changed record one row a field.
    static func rows(of difference: RecordDifference) -> [JSONObject] {
        func keyValue(_ key: JSONObject) -> JSONValue { key.count == 1 ? key[key.keys[0]] ?? .null : .object(key) }
        func row(
            _ model: String, _ key: JSONObject, _ kind: String, _ field: String?, _ from: JSONValue?, _ to: JSONValue?
        )
            -> JSONObject
        {
            var row = JSONObject([("model", .string(model)), ("key", keyValue(key)), ("diff", .string(kind))])
            row["field"] = field.map(JSONValue.string) ?? .null
            row["from"] = from ?? .null
            row["to"] = to ?? .null
            return row
        }
        switch difference {
        case .onlyFrom(let model, let key, let record): return [row(model, key, "only-from", nil, .object(record), nil)]
        case .onlyTo(let model, let key, let record): return [row(model, key, "only-to", nil, nil, .object(record))]
        case .changed(let model, let key, let fields):
            return fields.map { name, change in row(model, key, "changed", name, change["from"], change["to"]) }
        }
    }
}
