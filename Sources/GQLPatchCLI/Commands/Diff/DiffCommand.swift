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
        let (names, onlyOneSide) = try modelNames()
        var differs = false
        for (name, side) in onlyOneSide {
            console.message("gqlpatch: diff: \(name) is only in \(side.described)'s schema")
            differs = true
        }
        var plans: [(DiffSide, DiffSide, [String])] = []
        for name in names { plans.append(try plan(name)) }
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

    /// The models to compare (named, or every model either API can list), and those only one
    /// side's schema has.
    private func modelNames() throws(GQLPatchError) -> ([String], [(String, APISide)]) {
        let listable = { (settings: Settings) in
            settings.catalogue.modelNames.filter { settings.catalogue.models[$0]?.operations.list != nil }
        }
        let candidates: [String]
        if options.models.isEmpty {
            let target = listable(to)
            candidates = listable(from) + target.filter { !listable(from).contains($0) }
        } else {
            var named: [String] = []
            for name in options.models {
                let model =
                    from.catalogue.models[name] != nil
                    ? try ModelLookup.model(named: name, in: from.catalogue)
                    : try ModelLookup.model(named: name, in: to.catalogue)
                if !named.contains(model.name) { named.append(model.name) }
            }
            candidates = named
        }
        var both: [String] = []
        var one: [(String, APISide)] = []
        for name in candidates {
            switch (from.catalogue.models[name]?.operations.list, to.catalogue.models[name]?.operations.list) {
            case (.some, .some): both.append(name)
            case (.some, nil): one.append((name, .from))
            case (nil, .some): one.append((name, .to))
            case (nil, nil): throw .invalidInput("neither API has a list query for \(name)")
            }
        }
        return (both, one)
    }

    /// How each side reads `name`, and the fields compared: those both write, plus the timestamps
    /// when asked. A field only one side has is noted, not compared.
    private func plan(_ name: String) throws(GQLPatchError) -> (DiffSide, DiffSide, [String]) {
        let source = try side(name, from, .from)
        let target = try side(name, to, .to)
        guard source.model.primaryKey == target.model.primaryKey else {
            throw .invalidInput(
                "\(name)'s key is \(source.model.primaryKey.joined(separator: ", ")) in the source but \(target.model.primaryKey.joined(separator: ", ")) in the target: its records cannot be matched"
            )
        }
        let written = { (side: DiffSide, settings: Settings) in
            ExportLine(model: side.model, catalogue: settings.catalogue, includeTimestamps: false).fields
        }
        let sourceFields = written(source, from)
        let targetFields = written(target, to)
        for field in sourceFields where !targetFields.contains(field) {
            context.console.message(
                "gqlpatch: note: diff: \(name).\(field) is only in the source's schema; not compared")
        }
        for field in targetFields where !sourceFields.contains(field) {
            context.console.message(
                "gqlpatch: note: diff: \(name).\(field) is only in the target's schema; not compared")
        }
        var fields = sourceFields.filter(targetFields.contains)
        if options.includeTimestamps {
            fields += ["createdAt", "updatedAt"].filter {
                source.model.field($0) != nil && target.model.field($0) != nil
            }
        }
        return (source, target, fields)
    }

    private func side(_ name: String, _ settings: Settings, _ which: APISide) throws(GQLPatchError) -> DiffSide {
        let catalogue = settings.catalogue
        let model = try ModelLookup.model(named: name, in: catalogue)
        let query = try ListArgumentsBuilder(
            catalogue: catalogue, readFile: context.readFile, wording: CommandLineWording()
        ).query(model: model, tests: [], filter: nil, sort: nil, pageSize: options.pageSize)
        var (_, selection) = try SelectionBuilder(catalogue: catalogue, wording: CommandLineWording())
            .readSelections(for: model, paths: nil)
        // Timestamps a schema only guesses at are not in the default selection: asked for, they are read.
        if options.includeTimestamps {
            for name in ["createdAt", "updatedAt"] where model.field(name) != nil && !selection.contains(name) {
                selection.fields.append(SelectionSet.Field(name: name))
            }
        }
        return DiffSide(
            model: model, selection: selection, query: query,
            sender: CommandSession(settings: settings, context: context).pageRetrying, described: which.described)
    }
}
