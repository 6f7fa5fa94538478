import GraphQLSDL

/// One field of a model or non-model object type, as the API returns it.
public struct ModelField: Sendable {
    /// What the field's named type is.
    public enum Kind: String, Sendable {
        case scalar
        case enumeration = "enum"
        case nonModel = "non-model"
        case model
    }

    public var name: String
    /// The output type as the schema writes it (`String!`, `[File]`, `Todo`).
    public var type: TypeReference
    public var kind: Kind
    /// Set for relationship fields (kind `.model`).
    public var relationship: Relationship?
    /// Set by the server only (`createdAt`, `updatedAt`, `_lastChangedAt`, ...); never sent in an update.
    public var isReadOnly: Bool
    /// Added by the reader, not declared by the source, and missing from APIs older transformers
    /// compiled: an owner rule's `owner` field the auth transformer appends, and the `createdAt` and
    /// `updatedAt` a v1 source (or one not saying its transformer) does not declare. Never selected by default (an explicit selection and a
    /// filter still reach it), so a user's first command works on the older APIs too.
    public var isImplicit: Bool

    public init(
        name: String, type: TypeReference, kind: Kind, relationship: Relationship? = nil, isReadOnly: Bool = false,
        isImplicit: Bool = false
    ) {
        self.name = name
        self.type = type
        self.kind = kind
        self.relationship = relationship
        self.isReadOnly = isReadOnly
        self.isImplicit = isImplicit
    }

    public var isRequired: Bool { type.isNonNull }
    public var isList: Bool { type.isList }
}
