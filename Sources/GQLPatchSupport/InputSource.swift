/// Where a piece of input came from, named by what it is rather than by how a command line spells
/// it: the lower layers report a refusal against one of these, and the caller's `InputWording` says
/// it in its own terms (its option on the command line, `"key"` in an `apply` line).
package enum InputSource: Sendable, Hashable, CaseIterable {
    /// The whole primary key given as one value.
    case id
    /// The primary-key fields, one by one.
    case key
    /// A field's new value.
    case set
    /// A field to clear.
    case unset
    /// A JSON object of changes read from a file.
    case patch
    /// A condition the stored record must meet.
    case condition
    /// The fields to print.
    case select
    /// A listing's field tests.
    case filter
    /// A listing's filter given as JSON.
    case filterJSON
    /// A listing's sort direction.
    case sort
    /// A listing's page size.
    case pageSize
    /// The secondary index a listing is asked to query.
    case index
    /// The `_version` the record must be at.
    case expectVersion
    /// Whether every model's writes carry `_version`, whatever the schema says (`ConflictResolution`).
    case conflictResolution
}
