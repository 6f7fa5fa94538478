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
    /// Items to add at the end of a list.
    case append
    /// Items to add at the start of a list.
    case prepend
    /// Items to drop from a list.
    case remove
    /// Items to add to a list unless there (set semantics).
    case add
    /// A number to add to a counter.
    case increment
    /// A number to take from a counter.
    case decrement
    /// Writing a change computed from the record without a guard (racy, asked for).
    case unguarded
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
    /// The field that numbers a sequence, whose next number a create takes.
    case next
    /// The first number of an empty sequence.
    case start
    /// The fields whose equal values make records duplicates.
    case groupBy
    /// The ordering field and number a new row of a sequence is inserted at.
    case insertAt
    /// The field a renumbering rewrites.
    case renumberField
    /// An insert that puts the new row and the rows it moves above every number used.
    case viaGap
    /// A value for a variable of a hand-written document.
    case variable
    /// Which operation of a hand-written document to send.
    case operation
    /// A value for an argument of a custom query or mutation.
    case argument
    /// Custom mutations that are safe to send again (a retry, a resumed run).
    case idempotent
    /// A batch that is undone whole when a line fails (its journal keeps the previous values).
    case atomic
    /// The journal a batch records its applied lines in.
    case journal
    /// Continuing a batch from its journal.
    case resume
    /// Reading an export file that was cut short or changed, knowingly.
    case allowIncomplete
    /// An owner value's new one, in the records an import or copy writes.
    case mapOwner
    /// The AWS region requests are signed for.
    case region
    /// The AWS profile credentials are read from.
    case profile
    /// The file a user-pool password is read from.
    case passwordFile
    /// A one-time code for a user-pool sign-in with MFA.
    case mfaCode
    /// The user pool's app client id.
    case clientID
    /// The user-pool sign-in flow (SRP or password).
    case authFlow
    /// Tracing each request and what it was sent with.
    case verbose
    /// The AppSync API key.
    case apiKey
    /// A token sent as the `Authorization` header (or the file it is read from).
    case token
    /// The Cognito identity pool credentials are asked from.
    case identityPoolID
    /// The Amplify config file named.
    case config
    /// An extra request header.
    case header
    /// The API named by its id (AppSync's control plane describes it).
    case apiID
    /// Letting credentials go over plain http to another machine.
    case allowInsecureHTTP
}
