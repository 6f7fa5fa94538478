import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// One record opened for editing as a whole: read once with what guards the write (its version, or
/// `updatedAt` when unversioned), its writable fields shown as JSON, and an edited copy of them
/// turned into the update of only the fields whose value changed (by the one comparer), guarded by
/// what was read. `edit` runs the editor around it.
package struct RecordEdit: Sendable {
    package let model: Model
    package let key: JSONObject
    /// `Item id=1`.
    package let name: String
    /// The record as read.
    package let record: JSONObject
    /// The fields the update input can change, in its order.
    package let writable: [String]
    /// The writable fields as read: what the editor shows.
    package let shown: JSONObject
    /// What is printed, and what is read (the version, or `updatedAt`, beside it).
    package let selection: SelectionSet
    package let fetchSelection: SelectionSet
    package let versioned: Bool
    private let catalogue: ModelCatalogue
    private let builder: ChangeSetBuilder

    /// Reads the record `key` names; refused when the API cannot read and update the model, and
    /// `notFound` when there is no such record (or it is soft-deleted).
    package static func open(
        _ model: Model, key: JSONObject, records: RecordService, builder: ChangeSetBuilder
    ) async throws(GQLPatchError) -> RecordEdit {
        let catalogue = records.catalogue
        guard let inputName = model.operations.updateInput, let input = catalogue.inputObjects[inputName],
            model.operations.get != nil
        else { throw .invalidInput("the API cannot read and update \(model.name)") }
        let name = ModelLookup.describe(model: model, key: key)
        let versioned = RecordService.isVersioned(model, under: records.conflictResolution)
        let selection = SelectionBuilder(catalogue: catalogue, wording: builder.wording).defaultSelection(for: model)
        var fetch = versioned ? VersionScheme.of(model).fetchSelection(selection) : selection
        if !versioned, model.field("updatedAt") != nil, !fetch.contains("updatedAt") {
            fetch.fields.append(SelectionSet.Field(name: "updatedAt"))
        }
        let read = try await records.read(model, key: key, selection: fetch)
        guard let record = read.record, record["_deleted"] != .bool(true) else {
            throw GQLPatchError(.notFound, "no \(name)")
        }
        let kept: Set<String> = ["_version", "_deleted", "_lastChangedAt"]
        let versionFields = model.fieldVersioning.map { [$0.versionField, $0.versionInput] } ?? []
        let writable = input.fields.map(\.name).filter {
            !model.primaryKey.contains($0) && !kept.contains($0) && !versionFields.contains($0)
                && model.field($0) != nil
        }
        return RecordEdit(
            model: model, key: key, name: name, record: record, writable: writable,
            shown: JSONObject(writable.map { ($0, record[$0] ?? .null) }), selection: selection,
            fetchSelection: fetch, versioned: versioned, catalogue: catalogue, builder: builder)
    }

    /// The record as printed when nothing is sent.
    package var printed: JSONObject { SelectionProjection.project(record, onto: selection) }

    /// The edited text as the changes to send: every writable field whose value differs from the one
    /// shown (a field taken out of the JSON is removed: null), typed by the update input.
    package func changes(_ text: String) throws(GQLPatchError) -> ChangeSet {
        let value: JSONValue
        do {
            value = try JSONValue.parse(Array(text.utf8))
        } catch {
            throw .invalidInput("line \(error.line), column \(error.column): \(error.message)")
        }
        guard let edited = value.objectValue else {
            throw .invalidInput("the file must hold one JSON object of the record's fields")
        }
        for name in edited.keys where !writable.contains(name) {
            throw .invalidInput("\(name) cannot be changed here (fields: \(writable.joined(separator: ", ")))")
        }
        let comparer = ResponseComparer(catalogue: catalogue, model: model)
        var patch = JSONObject()
        for name in writable {
            let new = edited[name] ?? .null
            let type = model.field(name)?.type ?? .named("String")
            if !comparer.same(shown[name] ?? .null, new, type: type) { patch[name] = new }
        }
        return try builder.build(
            model: model, key: .fields(key.map { FieldAssignment(field: $0.key, value: .parsed($0.value)) }),
            patch: patch, changes: [])
    }

    /// The update of `changes`, guarded by the version read or by `condition`.
    package func update(_ changes: ChangeSet, condition: JSONValue?) -> UpdateTarget {
        UpdateTarget(
            model: model, changeSet: changes, condition: condition,
            expectVersion: versioned ? record[VersionScheme.of(model).recordField]?.intValue : nil,
            selection: selection, fetchSelection: fetchSelection, versioned: versioned)
    }
}
