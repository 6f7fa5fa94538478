/// One `--mask Model.field[=KIND]`: a field whose values an export replaces, deterministically,
/// with made-up ones of the same kind.
public struct FieldMask: Sendable, Hashable {
    /// What a masked value looks like.
    public enum Kind: String, Sendable, CaseIterable {
        /// `user-1a2b3c4d5e@example.com`: a valid address at a domain reserved for examples.
        case email
        /// `Avery Quinn`: a first and a last name from a fixed list.
        case name
        /// `+15550142337`: a number in the range reserved for fiction.
        case phone
        /// Words of a fixed list, about as long as the value.
        case text
        /// Hex digits (a UUID stays UUID-shaped): for keys and other identifiers.
        case hash
    }

    public var model: String
    public var field: String
    /// nil: chosen from the field's name and type (`RecordMasker`).
    public var kind: Kind?

    public init(model: String, field: String, kind: Kind? = nil) {
        self.model = model
        self.field = field
        self.kind = kind
    }
}
