import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

/// What a write would change, field by field, against the record as read: `{"name": {"from":
/// "Chair", "to": "Lamp"}, "imageFile.key": {...}}`. Objects are compared sub-field by sub-field
/// (dotted paths), anything else whole; values the type says are equal are left out.
public struct ChangePreview: Sendable {
    public var catalogue: ModelCatalogue
    public var model: Model

    public init(catalogue: ModelCatalogue, model: Model) {
        self.catalogue = catalogue
        self.model = model
    }

    /// The differences `changeSet` makes to `record`, its edits worked out against it first.
    public func differences(record: JSONObject, changeSet: ChangeSet) throws(GQLPatchError) -> JSONObject {
        let resolved = try changeSet.resolved(against: record, editor: FieldEditor(catalogue: catalogue, model: model))
        return differences(record: record, changes: resolved.changes)
    }

    /// The differences `changes` (top-level fields and their new values) make to `record`.
    public func differences(record: JSONObject, changes: JSONObject) -> JSONObject {
        var out = JSONObject()
        let input = model.operations.updateInput.flatMap { catalogue.inputObjects[$0] }
        for (name, new) in changes {
            let type = input?.field(name)?.type ?? model.field(name)?.type ?? .named("String")
            collect(from: record[name] ?? .null, to: new, type: type, path: name, into: &out)
        }
        return out
    }

    private func collect(
        from old: JSONValue, to new: JSONValue, type: TypeReference, path: String, into out: inout JSONObject
    ) {
        let comparer = ResponseComparer(catalogue: catalogue, model: model)
        if let object = catalogue.inputObjects[type.namedType], !type.isList, let oldObject = old.objectValue,
            let newObject = new.objectValue
        {
            var names = oldObject.keys
            for name in newObject.keys where !names.contains(name) { names.append(name) }
            for name in names {
                let fieldType = object.field(name)?.type ?? .named("String")
                collect(
                    from: oldObject[name] ?? .null, to: newObject[name] ?? .null, type: fieldType,
                    path: path + "." + name,
                    into: &out)
            }
            return
        }
        if comparer.same(old, new, type: type) { return }
        out[path] = .object(JSONObject([("from", old), ("to", new)]))
    }
}
