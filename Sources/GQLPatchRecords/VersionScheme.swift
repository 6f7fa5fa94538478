import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport

/// How a versioned model's writes carry the version they were read at: conflict resolution's `_version`
/// (a stale one is `ConflictUnhandled`, or merged by AUTOMERGE; deletes are soft, `_deleted: true`), or
/// v1 `@versioned` (`version` on the record, `expectedVersion` in the update and delete inputs; a stale one
/// fails the write's condition, `ConditionalCheckFailedException`, which a failed `condition` and a
/// missing record also give; nothing merges, deletes are hard).
package struct VersionScheme: Sendable, Equatable {
    /// The record's version field.
    package var recordField: String
    /// The update and delete input's field for the version read.
    package var inputField: String
    /// v1 `@versioned`.
    package var isFieldVersioning: Bool

    package static let sync = VersionScheme(recordField: "_version", inputField: "_version", isFieldVersioning: false)

    /// `@versioned` when the schema says so, else `_version`.
    package static func of(_ model: Model) -> VersionScheme {
        guard let versioning = model.fieldVersioning else { return .sync }
        return VersionScheme(
            recordField: versioning.versionField, inputField: versioning.versionInput, isFieldVersioning: true)
    }

    /// Refuses a write to a model that has both kinds (a v1 `@versioned` model in a project with conflict
    /// detection: its update and delete inputs take `expectedVersion` and `_version`, and its resolvers
    /// check both). A write carries one version here, and one without `_version` can only be rejected,
    /// so it is refused before anything is sent; reads are not affected.
    package static func checkWritable(_ model: Model) throws(GQLPatchError) {
        guard let versioning = model.fieldVersioning, model.isVersioned else { return }
        throw .configuration(
            "\(model.name) has both v1 @versioned (\(versioning.versionField), \(versioning.versionInput)) and conflict resolution (_version): gqlpatch cannot write a model that carries two versions yet (get, list and query work)"
        )
    }

    /// The selection of a versioned path's reads: `selection` with the version field (and, for `_version`,
    /// `_deleted`, by which a soft-deleted record is refused).
    package func fetchSelection(_ selection: SelectionSet) -> SelectionSet {
        guard isFieldVersioning else { return RecordService.withSyncFields(selection) }
        var result = selection
        if !result.contains(recordField) { result.fields.append(SelectionSet.Field(name: recordField)) }
        return result
    }
}
