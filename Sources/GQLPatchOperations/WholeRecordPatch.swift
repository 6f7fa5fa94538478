import GQLPatchSchema
import GQLPatchSupport
import JSON

/// A patch that is a whole record as a read printed it (read, edited with jq, given back as the patch):
/// it holds every primary-key field. Its key fields must name the record updated and are dropped, as
/// are the fields the server sets; its version becomes the version the record must be at; and only
/// the fields that differ from the record as read are sent (`differencesOnly`).
public struct WholeRecordPatch: Sendable {
    /// The patch without the dropped fields.
    public var patch: JSONObject
    /// The record's `_version` (or v1 `@versioned` `version`) as the patch holds it.
    public var expectVersion: Int?
    /// What was dropped, for the note: key fields, then server-set fields.
    public var dropped: [String]

    /// The patch read as a whole record, or nil when it is a plain patch (it lacks a key field).
    public static func read(
        _ patch: JSONObject, model: Model, key: JSONObject, catalogue: ModelCatalogue
    ) throws(GQLPatchError) -> WholeRecordPatch? {
        guard !model.primaryKey.isEmpty, model.primaryKey.allSatisfy({ patch[$0] != nil }) else { return nil }
        var rest = patch
        var dropped: [String] = []
        for field in model.primaryKey {
            let given = rest.removeValue(forKey: field) ?? .null
            let target = key[field] ?? .null
            let type = model.field(field)?.type ?? .named("ID")
            guard ResponseComparer(catalogue: catalogue, model: model).same(given, target, type: type) else {
                throw .invalidInput(
                    "the patch is a whole record of \(model.name) \(field) \(ValueTyper.describe(given)), not of the record updated (\(field) \(ValueTyper.describe(target)))"
                )
            }
            dropped.append(field)
        }
        var expectVersion: Int?
        let versionField = model.fieldVersioning?.versionField ?? "_version"
        if let version = rest.removeValue(forKey: versionField), !version.isNull {
            guard let number = ValueTyper.wholeNumber(version), number >= 0, number <= Int(Int32.max) else {
                throw .invalidInput(
                    "the patch's \(versionField) must be a whole number, got \(ValueTyper.describe(version))")
            }
            expectVersion = number
        }
        let serverSet =
            ["_version", "_deleted", "_lastChangedAt", "createdAt", "updatedAt", "__typename"]
            + model.fields.filter { $0.isReadOnly || $0.relationship != nil }.map(\.name)
        for name in rest.keys where serverSet.contains(name) {
            _ = rest.removeValue(forKey: name)
            dropped.append(name)
        }
        return WholeRecordPatch(patch: rest, expectVersion: expectVersion, dropped: dropped)
    }
}
