/// What shell completion offers for an option's value, from the schema of the command's model. An
/// option's table entry says it, so completion needs no list of option names of its own.
package enum OptionCompletion: Sendable, Equatable {
    /// Which of the model's fields are offered.
    package enum Fields: Sendable, Equatable {
        /// The primary key's fields.
        case key
        /// Fields a write may set: not server-set, not a relationship.
        case writable
        /// Those, without the primary key's (an update names its key with `--id`/`--key`).
        case writableNotKey
        /// Every field but relationships.
        case nonModel
    }

    /// Nothing from the schema (fixed values, when the option has them, or file names).
    case none
    /// One field name (`--unset F`, `--next F`).
    case field(Fields)
    /// `FIELD=` with one of the fields, then an enum field's values after the `=`.
    case assignment(Fields)
    /// A comma-separated list of any of the model's fields (`--select a,b`).
    case fieldList
}
