import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// `diff`'s comparison of one model: the source's records are read and held (their key and compared
/// fields), then the target's stream past them; each difference is handed on as it is found, the
/// source's records the target lacks at the end, in the source's order. Values are compared by the
/// one comparer (`ResponseComparer`: two spellings of one instant are the same value). Soft-deleted
/// records count as absent.
package struct ModelComparison: Sendable {
    package var source: DiffSide
    package var target: DiffSide
    /// The fields compared (those both sides write, and the timestamps when asked).
    package var fields: [String]
    package var catalogue: ModelCatalogue
    /// The most source records held at once: a bound on memory.
    package var maximumHeld: Int

    package init(source: DiffSide, target: DiffSide, fields: [String], catalogue: ModelCatalogue, maximumHeld: Int) {
        self.source = source
        self.target = target
        self.fields = fields
        self.catalogue = catalogue
        self.maximumHeld = maximumHeld
    }

    /// Compares the two sides, handing each difference to `report`.
    package func run(report: (RecordDifference) throws(GQLPatchError) -> Void) async throws(GQLPatchError)
        -> DiffCounts
    {
        let model = source.model
        let comparer = ResponseComparer(catalogue: catalogue, model: model)
        var held: [String: (key: JSONObject, record: JSONObject)] = [:]
        var order: [String] = []
        var pages = ModelPages(
            model: model, selection: source.selection, query: source.query, sender: source.sender)
        while let page = try await pages.next() {
            for item in page.items {
                guard let record = item.objectValue, record["_deleted"] != .bool(true) else { continue }
                let key = try Self.key(of: record, side: source)
                let text = JSONValue.object(key).serialized()
                if held.updateValue((key, kept(record)), forKey: text) == nil { order.append(text) }
                guard order.count <= maximumHeld else {
                    throw GQLPatchError(
                        .invalidInput,
                        "the source's \(model.name) has more than \(maximumHeld) records, more than diff holds at once; export both sides and compare the files (sort them first)"
                    )
                }
            }
        }
        var counts = DiffCounts()
        var targetPages = ModelPages(
            model: target.model, selection: target.selection, query: target.query, sender: target.sender)
        while let page = try await targetPages.next() {
            for item in page.items {
                guard let record = item.objectValue, record["_deleted"] != .bool(true) else { continue }
                let key = try Self.key(of: record, side: target)
                guard let (_, sourceRecord) = held.removeValue(forKey: JSONValue.object(key).serialized()) else {
                    counts.onlyTo += 1
                    try report(.onlyTo(model: model.name, key: key, record: kept(record)))
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
                    try report(.changed(model: model.name, key: key, fields: changes))
                }
            }
        }
        for text in order {
            guard let (key, record) = held[text] else { continue }
            counts.onlyFrom += 1
            try report(.onlyFrom(model: model.name, key: key, record: record))
        }
        return counts
    }

    /// `record`'s key; a record without one is not a record of the model.
    static func key(of record: JSONObject, side: DiffSide) throws(GQLPatchError) -> JSONObject {
        var key = JSONObject()
        for name in side.model.primaryKey {
            guard let value = record[name], !value.isNull else {
                throw GQLPatchError(
                    .badResponse, "\(side.described) returned a \(side.model.name) record without its \(name)")
            }
            key[name] = value
        }
        return key
    }

    /// The compared fields of `record` (absent ones as null).
    private func kept(_ record: JSONObject) -> JSONObject {
        var kept = JSONObject()
        for field in fields { kept[field] = record[field] ?? .null }
        return kept
    }
}
