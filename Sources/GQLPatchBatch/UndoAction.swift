import GQLPatchRecords
import JSON

/// How `--atomic` undoes one applied line. Stored in the journal (`json()` / `init(json:)`) so a
/// resumed run can still roll back lines applied before the interruption.
package enum UndoAction: Sendable, Equatable {
    /// Undo an update: write back `previous` (the values before the change, null for absent fields) of
    /// exactly the fields it changed, provided the record still holds `left` (the values the line wrote)
    /// and, for versioned models, is still at `version`.
    case revert(model: String, key: JSONObject, previous: JSONObject, left: JSONObject, version: Int?)
    /// Undo a create: delete the record, provided it still holds `left` (and is at `version`).
    case remove(model: String, key: JSONObject, left: JSONObject, version: Int?)
    /// Undo a delete: create the record again from what was read before the delete.
    case recreate(model: String, key: JSONObject, record: JSONObject)

    package var model: String {
        switch self {
        case .revert(let model, _, _, _, _), .remove(let model, _, _, _), .recreate(let model, _, _): return model
        }
    }

    package var key: JSONObject {
        switch self {
        case .revert(_, let key, _, _, _), .remove(_, let key, _, _), .recreate(_, let key, _): return key
        }
    }

    package func json() -> JSONValue {
        var object = JSONObject()
        switch self {
        case .revert(let model, let key, let previous, let left, let version):
            object = JSONObject([
                ("do", "revert"), ("model", .string(model)), ("key", .object(key)), ("previous", .object(previous)),
                ("left", .object(left)),
            ])
            if let version { object["version"] = .int(version) }
        case .remove(let model, let key, let left, let version):
            object = JSONObject([
                ("do", "remove"), ("model", .string(model)), ("key", .object(key)), ("left", .object(left)),
            ])
            if let version { object["version"] = .int(version) }
        case .recreate(let model, let key, let record):
            object = JSONObject([
                ("do", "recreate"), ("model", .string(model)), ("key", .object(key)), ("record", .object(record)),
            ])
        }
        return .object(object)
    }

    /// Reads `json()`'s form back; nil when the value is not one.
    package init?(json: JSONValue) {
        guard let model = json["model"]?.stringValue, let key = json["key"]?.objectValue else { return nil }
        let version = json["version"]?.intValue
        switch json["do"]?.stringValue {
        case "revert":
            guard let previous = json["previous"]?.objectValue, let left = json["left"]?.objectValue else { return nil }
            self = .revert(model: model, key: key, previous: previous, left: left, version: version)
        case "remove":
            guard let left = json["left"]?.objectValue else { return nil }
            self = .remove(model: model, key: key, left: left, version: version)
        case "recreate":
            guard let record = json["record"]?.objectValue else { return nil }
            self = .recreate(model: model, key: key, record: record)
        default:
            return nil
        }
    }

    /// Why this cannot be the undo of `operation` (nil when it can be): it must name the line's own
    /// model and key, be the undo of the line's kind, and write only what the line changed. A journal's
    /// undo entry is executed by a rollback, so a rewritten one must not reach another record or field.
    /// `lineName`: the line in messages (`line 3 of changes.jsonl`).
    package func mismatch(with operation: BatchOperation, lineName: String) -> String? {
        guard model == operation.model.name, Self.same(.object(key), .object(operation.key)) else {
            return
                "is for \(ModelLookup.describe(modelName: model, key: key)), but \(lineName) is for \(operation.recordName)"
        }
        let changes = JSONValue.object(operation.changes)
        switch (self, operation.kind) {
        case (.revert(_, _, let previous, let left, _), .update), (.revert(_, _, let previous, let left, _), .upsert):
            // The edited fields' values left are what the line's edits wrote, known only from the answer.
            let fields = Set(operation.changes.keys).union(operation.edits.map(\.field))
            var fixed = left
            for edit in operation.edits { _ = fixed.removeValue(forKey: edit.field) }
            guard Set(previous.keys) == fields, Set(left.keys) == fields, Self.same(.object(fixed), changes) else {
                return "does not undo the fields \(lineName) changes"
            }
        case (.remove(_, _, let left, _), .create):
            guard Self.same(.object(left), changes) else { return "does not undo the record \(lineName) creates" }
        case (.remove(_, _, let left, _), .upsert):
            guard Self.same(.object(left), .object(operation.createFields)) else {
                return "does not undo the record \(lineName) creates"
            }
        case (.recreate(_, _, let record), .delete):
            for (name, value) in operation.key where record[name].map({ !Self.same($0, value) }) ?? false {
                return "re-creates a record with another \(name) than \(lineName) deletes"
            }
        default:
            return "is not the undo of \(lineName), whose op is \"\(operation.kind.rawValue)\""
        }
        return nil
    }

    /// Equal as JSON text: a value read back from the journal may be `.int(2)` where the typed value was `.double(2)`.
    private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        a.serialized() == b.serialized()
    }
}
