import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport

/// What `diff` compares, every check made before a record is read: the models (those named, or
/// every model either API can list), those only one schema has, and per model how each side reads
/// it and which fields are compared (those both write, plus the timestamps when asked; a field
/// only one schema has is noted and not compared).
package struct DiffPlan: Sendable {
    /// One model read from both sides.
    package struct Pair: Sendable {
        package var source: DiffSide
        package var target: DiffSide
        package var fields: [String]
    }

    /// How one API is read: its catalogue, the sender of its pages, and its name in messages.
    package struct API: Sendable {
        package var catalogue: ModelCatalogue
        package var sender: RetryingSender
        package var described: String

        package init(catalogue: ModelCatalogue, sender: RetryingSender, described: String) {
            self.catalogue = catalogue
            self.sender = sender
            self.described = described
        }
    }

    package var pairs: [Pair] = []
    /// Models only one side can list: the name and that side's name in messages.
    package var onlyOneSide: [(model: String, side: String)] = []
    /// What is left out of the comparison, one note each.
    package var notes: [String] = []

    /// The plan of comparing `models` (none: every model either side can list) of `source` and `target`.
    package static func make(
        models: [String], source: API, target: API, includeTimestamps: Bool, pageSize: Int?,
        readFile: @escaping ChangeSetBuilder.FileReader, wording: any InputWording
    ) throws(GQLPatchError) -> DiffPlan {
        let listable = { (api: API) in
            api.catalogue.modelNames.filter { api.catalogue.models[$0]?.operations.list != nil }
        }
        var candidates: [String] = []
        if models.isEmpty {
            let fromSource = listable(source)
            candidates = fromSource + listable(target).filter { !fromSource.contains($0) }
        }
        for name in models {
            let model =
                source.catalogue.models[name] != nil
                ? try ModelLookup.model(named: name, in: source.catalogue)
                : try ModelLookup.model(named: name, in: target.catalogue)
            if !candidates.contains(model.name) { candidates.append(model.name) }
        }
        var plan = DiffPlan()
        for name in candidates {
            switch (source.catalogue.models[name]?.operations.list, target.catalogue.models[name]?.operations.list) {
            case (.some, .some):
                func side(_ api: API) throws(GQLPatchError) -> DiffSide {
                    try Self.side(
                        name, api, includeTimestamps: includeTimestamps, pageSize: pageSize, readFile: readFile,
                        wording: wording)
                }
                plan.pairs.append(
                    try plan.pair(
                        side(source), side(target), written: (source.catalogue, target.catalogue),
                        includeTimestamps: includeTimestamps))
            case (.some, nil): plan.onlyOneSide.append((name, source.described))
            case (nil, .some): plan.onlyOneSide.append((name, target.described))
            case (nil, nil): throw .invalidInput("neither API has a list query for \(name)")
            }
        }
        return plan
    }

    /// One model's two sides and the fields compared; the fields only one side writes are noted.
    private mutating func pair(
        _ source: DiffSide, _ target: DiffSide, written catalogues: (ModelCatalogue, ModelCatalogue),
        includeTimestamps: Bool
    ) throws(GQLPatchError) -> Pair {
        let name = source.model.name
        guard source.model.primaryKey == target.model.primaryKey else {
            throw .invalidInput(
                "\(name)'s key is \(source.model.primaryKey.joined(separator: ", ")) in the source but \(target.model.primaryKey.joined(separator: ", ")) in the target: its records cannot be matched"
            )
        }
        let sourceFields = ExportLine(model: source.model, catalogue: catalogues.0, includeTimestamps: false).fields
        let targetFields = ExportLine(model: target.model, catalogue: catalogues.1, includeTimestamps: false).fields
        for field in sourceFields where !targetFields.contains(field) {
            notes.append("gqlpatch: note: diff: \(name).\(field) is only in the source's schema; not compared")
        }
        for field in targetFields where !sourceFields.contains(field) {
            notes.append("gqlpatch: note: diff: \(name).\(field) is only in the target's schema; not compared")
        }
        var fields = sourceFields.filter(targetFields.contains)
        if includeTimestamps {
            fields += ["createdAt", "updatedAt"].filter {
                source.model.field($0) != nil && target.model.field($0) != nil
            }
        }
        return Pair(source: source, target: target, fields: fields)
    }

    /// How `api` reads the model `name`: every page of its list query, the default selection (with
    /// the timestamps when asked: a schema that only guesses at them leaves them out of it).
    private static func side(
        _ name: String, _ api: API, includeTimestamps: Bool, pageSize: Int?,
        readFile: @escaping ChangeSetBuilder.FileReader, wording: any InputWording
    ) throws(GQLPatchError) -> DiffSide {
        let model = try ModelLookup.model(named: name, in: api.catalogue)
        let query = try ListArgumentsBuilder(catalogue: api.catalogue, readFile: readFile, wording: wording)
            .query(model: model, tests: [], filter: nil, sort: nil, pageSize: pageSize)
        var (_, selection) = try SelectionBuilder(catalogue: api.catalogue, wording: wording)
            .readSelections(for: model, paths: nil)
        if includeTimestamps {
            for name in ["createdAt", "updatedAt"] where model.field(name) != nil && !selection.contains(name) {
                selection.fields.append(SelectionSet.Field(name: name))
            }
        }
        return DiffSide(
            model: model, selection: selection, query: query, sender: api.sender, described: api.described)
    }
}
