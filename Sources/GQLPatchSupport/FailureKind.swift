/// What a failure is where its exit code alone does not say: decisions read this, never the text
/// of a message gqlpatch wrote.
public enum FailureKind: Sendable, Equatable {
    /// The record is a soft-deleted tombstone (`_deleted: true`): not found, and its key cannot be
    /// created again until the tombstone expires.
    case softDeleted
    /// The caller's condition is false on a record that is there (a write's `condition`): for a
    /// write guarded by a selection, the record no longer matches it.
    case conditionFalse
    /// A name the schema lacks (a model, a field, an argument, an operation): a schema read from a
    /// cache may be older than the API, which may have it now.
    case unknownName
}
