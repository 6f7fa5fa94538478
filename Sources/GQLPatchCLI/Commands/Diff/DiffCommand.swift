import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
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

    /// What a model's comparison found.
    struct Counts: Sendable {
        var onlyFrom = 0
        var onlyTo = 0
        var changed = 0
        var same = 0
        var differs: Bool { onlyFrom + onlyTo + changed > 0 }
    }

    /// One side's reading of a model.
    struct Side: Sendable {
        var model: Model
        var selection: SelectionSet
        var query: ListQuery
    }

    package func run() async throws(GQLPatchError) -> ExitCode {
        let console = context.console
        let (names, onlyOneSide) = try modelNames()
        var differs = false
        for (name, side) in onlyOneSide {
            console.message("gqlpatch: diff: \(name) is only in \(side.described)'s schema")
            differs = true
        }
        var plans: [(Side, Side, [String])] = []
        for name in names { plans.append(try plan(name)) }
        if from.dryRun {
            let documents = DocumentBuilder()
            var steps: [JSONValue] = []
            for (source, target, _) in plans {
                for (name, side, settings) in [("from", source, from), ("to", target, to)] {
                    let request = try documents.listQuery(
                        model: side.model, selection: side.selection, query: side.query)
                    steps.append(
                        .object(
                            JSONObject([
                                ("side", .string(name)),
                                ("endpoint", .string(settings.endpoint ?? "")),
                                ("step", DryRun.step("list \(side.model.name), every page", request)),
                            ])))
                }
            }
            try DryRun.print(steps, settings: from, context: context)
            return .success
        }
        let fromSender = sender(from)
        let toSender = sender(to)
        var summary: [String] = []
        for (source, target, fields) in plans {
            let counts = try await compare(source, target, fields: fields, fromSender: fromSender, toSender: toSender)
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
    private func plan(_ name: String) throws(GQLPatchError) -> (Side, Side, [String]) {
        let source = try side(name, from)
        let target = try side(name, to)
        guard source.model.primaryKey == target.model.primaryKey else {
            throw .invalidInput(
                "\(name)'s key is \(source.model.primaryKey.joined(separator: ", ")) in the source but \(target.model.primaryKey.joined(separator: ", ")) in the target: its records cannot be matched"
            )
        }
        let written = { (side: Side, settings: Settings) in
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

    private func side(_ name: String, _ settings: Settings) throws(GQLPatchError) -> Side {
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
        return Side(model: model, selection: selection, query: query)
    }

    private func sender(_ settings: Settings) -> RetryingSender {
        CommandSession(settings: settings, context: context).pageRetrying
    }

    /// Reads the source's records of a model, then streams the target's past them, writing a line
    /// for each difference.
    private func compare(
        _ source: Side, _ target: Side, fields: [String], fromSender: RetryingSender, toSender: RetryingSender
    ) async throws(GQLPatchError) -> Counts {
        let console = context.console
        let model = source.model
        let comparer = ResponseComparer(catalogue: from.catalogue, model: model)
        var held: [String: (key: JSONObject, record: JSONObject)] = [:]
        var order: [String] = []
        var pages = ModelPages(model: model, selection: source.selection, query: source.query, sender: fromSender)
        while let page = try await pages.next() {
            for item in page.items {
                guard let record = item.objectValue, record["_deleted"] != .bool(true) else { continue }
                let key = try Self.key(of: record, model: model, side: .from)
                let text = JSONValue.object(key).serialized()
                if held.updateValue((key, Self.kept(record, fields: fields)), forKey: text) == nil {
                    order.append(text)
                }
                guard order.count <= maximumHeld else {
                    throw GQLPatchError(
                        .invalidInput,
                        "the source's \(model.name) has more than \(maximumHeld) records, more than diff holds at once; export both sides and compare the files (sort them first)"
                    )
                }
            }
        }
        var counts = Counts()
        var targetPages = ModelPages(
            model: target.model, selection: target.selection, query: target.query, sender: toSender)
        while let page = try await targetPages.next() {
            for item in page.items {
                guard let record = item.objectValue, record["_deleted"] != .bool(true) else { continue }
                let key = try Self.key(of: record, model: target.model, side: .to)
                let text = JSONValue.object(key).serialized()
                guard let (_, sourceRecord) = held.removeValue(forKey: text) else {
                    counts.onlyTo += 1
                    try console.write(
                        Self.line(model.name, key, "only-to", [("to", .object(Self.kept(record, fields: fields)))]))
                    continue
                }
                var changes = JSONObject()
                for field in fields where !comparer.sameValue(sourceRecord[field], record[field], field: field) {
                    changes[field] = .object(
                        JSONObject([("from", sourceRecord[field] ?? .null), ("to", record[field] ?? .null)]))
                }
                if changes.isEmpty {
                    counts.same += 1
                } else {
                    counts.changed += 1
                    try console.write(Self.line(model.name, key, "changed", [("fields", .object(changes))]))
                }
            }
        }
        for text in order {
            guard let (key, record) = held[text] else { continue }
            counts.onlyFrom += 1
            try console.write(Self.line(model.name, key, "only-from", [("from", .object(record))]))
        }
        return counts
    }

    /// `record`'s key; a record without one is not a record of the model.
    static func key(of record: JSONObject, model: Model, side: APISide) throws(GQLPatchError) -> JSONObject {
        var key = JSONObject()
        for name in model.primaryKey {
            guard let value = record[name], !value.isNull else {
                throw GQLPatchError(
                    .badResponse, "\(side.described) returned a \(model.name) record without its \(name)")
            }
            key[name] = value
        }
        return key
    }

    /// The compared fields of `record` (absent ones as null).
    static func kept(_ record: JSONObject, fields: [String]) -> JSONObject {
        var kept = JSONObject()
        for field in fields { kept[field] = record[field] ?? .null }
        return kept
    }

    /// One line: `{"model", "key", "diff", ...}`.
    static func line(_ model: String, _ key: JSONObject, _ kind: String, _ rest: [(String, JSONValue)]) -> [UInt8] {
        JSONPrinter.line(
            .object(JSONObject([("model", .string(model)), ("key", .object(key)), ("diff", .string(kind))] + rest)))
    }
}
