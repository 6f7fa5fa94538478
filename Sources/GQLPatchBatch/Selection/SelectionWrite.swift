import GQLPatchOperations
import GQLPatchSchema
import JSON

/// The one write a bulk command makes to each record its selection picked (a bulk update,
/// delete or touch): the change, typed once, and the selection as its condition, so
/// that a record changed meanwhile so that it no longer matches is left alone (`no-longer-matches`).
package struct SelectionWrite: Sendable {
    package var kind: BatchOperation.Kind
    package var model: Model
    /// update: the typed changes (null = unset); delete and touch: none.
    package var changes = JSONObject()
    /// update: the changes worked out from each record as read.
    package var edits: [FieldEdit] = []
    /// The selection as a condition; nil when it tests nothing but the key (every record).
    package var condition: JSONValue?
    package var versioned: Bool
    /// A cascading delete: the models its deletes may reach, by name, and whether each is versioned.
    package var cascadeModels: [String: (model: Model, versioned: Bool)] = [:]

    package init(kind: BatchOperation.Kind, model: Model, versioned: Bool) {
        self.kind = kind
        self.model = model
        self.versioned = versioned
    }

    /// What the write does, in a line's digest: a run resumed with another change is refused.
    private var signature: [UInt8] {
        var bytes = Array("\(kind.rawValue) \(model.name) ".utf8)
        JSONValue.object(changes).write(to: &bytes, pretty: false)
        bytes += Array(" \(edits) ".utf8)
        (condition ?? .null).write(to: &bytes, pretty: false)
        return bytes
    }

    /// A cascade's delete of one record of the tree under a selected one (`group` names that
    /// record, whose deletes run in order): the selected record's own delete (`root`) carries the
    /// selection's condition.
    package func cascadeOperation(
        line: Int, model: Model, versioned: Bool, key: JSONObject, group: String, root: Bool, bytes: [UInt8],
        journaled: Bool
    ) -> BatchOperation {
        var operation = BatchOperation(
            line: line, kind: .delete, model: model, key: key, changes: JSONObject(),
            condition: root ? condition : nil, expectVersion: nil, versioned: versioned,
            digest: journaled ? BatchLineParser.digest(signature + [0x0A] + bytes) : "")
        operation.selected = true
        operation.group = group
        return operation
    }

    /// The operation for the record `key` (line `line` of the selected keys, `bytes` as written there).
    package func operation(line: Int, key: JSONObject, bytes: [UInt8], journaled: Bool) -> BatchOperation {
        var operation = BatchOperation(
            line: line, kind: kind, model: model, key: key, changes: changes, edits: edits, condition: condition,
            expectVersion: nil, versioned: versioned,
            digest: journaled ? BatchLineParser.digest(signature + [0x0A] + bytes) : "")
        operation.selected = true
        return operation
    }
}
