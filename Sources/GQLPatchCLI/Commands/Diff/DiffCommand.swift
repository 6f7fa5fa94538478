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
        for (source, target, fields) in plans {
            let comparison = ModelComparison(
                source: source, target: target, fields: fields, catalogue: from.catalogue, maximumHeld: maximumHeld)
            let counts = try await comparison.run { difference throws(GQLPatchError) in
                try console.write(JSONPrinter.line(difference.json))
            }
            differs = differs || counts.differs
            summary.append(
                "\(source.model.name) \(counts.same) same, \(counts.changed) changed, \(counts.onlyFrom) only in from, \(counts.onlyTo) only in to"
            )
        }
        try console.checkOutput()
        console.message(
            "gqlpatch: diff: " + (summary.isEmpty ? "no models in common" : summary.joined(separator: "; ")))
        return differs ? .graphQLError : .success
    }
}
