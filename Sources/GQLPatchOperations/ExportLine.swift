import GQLPatchSchema
import JSON

/// Turns a record as `list` reads it into the `apply` line that writes it back: `{"op": "upsert",
/// "model", "key", "set"}` with every field the API takes in a write (its update input's fields,
/// foreign keys included, relationships never) and nothing the server sets (`_version`,
/// `_lastChangedAt`, `_deleted`, and `createdAt`/`updatedAt` unless asked for and writable).
/// Null fields are kept as nulls, so an upsert over an existing record clears them too.
/// Fields deferred by a broken cycle (`ExportOrder`) are left out when they refer to a record and
/// written by a second-pass `update` line instead; a null one is written in the first pass (it
/// refers to nothing, and an upsert over an existing record clears it).
public struct ExportLine: Sendable {
    public var model: Model
    /// The fields `set` holds, in the model's field order.
    public var fields: [String]
    /// The fields written in the second pass.
    public var deferredFields: [String]
    /// `upsert`; `create` when the API has no update for the model (a restore into an empty API).
    public var op: String
    /// The timestamps asked for that the API does not take in a write (left out).
    public var timestampsNotWritable: [String]

    /// Server-set fields, never written whatever the inputs say.
    static let serverFields: Set<String> = ["_version", "_deleted", "_lastChangedAt", "__typename"]
    static let timestamps = ["createdAt", "updatedAt"]

    public init(model: Model, catalogue: ModelCatalogue, includeTimestamps: Bool, deferredFields: [String] = []) {
        self.model = model
        let inputName = model.operations.updateInput ?? model.operations.createInput
        let input = inputName.flatMap { catalogue.inputObjects[$0] }
        var skipped = Self.serverFields.union(model.primaryKey)
        if let version = model.fieldVersioning?.versionField { skipped.insert(version) }
        if !includeTimestamps { skipped.formUnion(Self.timestamps) }
        let writable = model.fields.filter { field in
            field.relationship == nil && !skipped.contains(field.name) && input?.field(field.name) != nil
        }.map(\.name)
        self.deferredFields = deferredFields.filter(writable.contains)
        fields = writable.filter { !deferredFields.contains($0) }
        op = model.operations.update != nil ? "upsert" : "create"
        timestampsNotWritable =
            includeTimestamps ? Self.timestamps.filter { model.field($0) != nil && !writable.contains($0) } : []
    }

    /// The record's primary key, or nil when the record lacks a key field.
    public func key(of record: JSONObject) -> JSONObject? {
        var key = JSONObject()
        for name in model.primaryKey {
            guard let value = record[name], !value.isNull else { return nil }
            key[name] = value
        }
        return key
    }

    /// The first-pass line for `record` (nil when it lacks a key field).
    public func line(for record: JSONObject) -> JSONValue? {
        guard let key = key(of: record) else { return nil }
        var set = JSONObject()
        for name in fields { set[name] = record[name] ?? .null }
        for name in deferredFields where (record[name] ?? .null).isNull { set[name] = .null }
        // `apply` refuses an upsert with nothing to set: a record that is all key is created.
        let op = set.isEmpty ? "create" : self.op
        return .object(
            JSONObject([
                ("op", .string(op)), ("model", .string(model.name)), ("key", .object(key)), ("set", .object(set)),
            ])
        )
    }

    /// The second-pass `update` line that fills in `record`'s deferred fields; nil when they are all
    /// null (the first pass left nothing out) or the record lacks a key field.
    public func secondLine(for record: JSONObject) -> JSONValue? {
        guard let key = key(of: record) else { return nil }
        var set = JSONObject()
        for name in deferredFields {
            if let value = record[name], !value.isNull { set[name] = value }
        }
        guard !set.isEmpty else { return nil }
        return .object(
            JSONObject([
                ("op", .string("update")), ("model", .string(model.name)), ("key", .object(key)), ("set", .object(set)),
            ]))
    }
}
