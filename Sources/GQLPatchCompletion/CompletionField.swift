import GQLPatchSchema

/// One field of a `CompletionModel`: what completion needs to offer it (and its enum values).
public struct CompletionField: Sendable, Equatable {
    public var name: String
    public var kind: ModelField.Kind
    /// Set by the server only: never offered as a field to set or clear.
    public var isReadOnly: Bool
    /// The enum type's name, for a field of kind `.enumeration`; nil otherwise.
    public var enumType: String?

    public init(name: String, kind: ModelField.Kind, isReadOnly: Bool, enumType: String?) {
        self.name = name
        self.kind = kind
        self.isReadOnly = isReadOnly
        self.enumType = enumType
    }

    public init(_ field: ModelField) {
        self.init(
            name: field.name, kind: field.kind, isReadOnly: field.isReadOnly,
            enumType: field.kind == .enumeration ? field.type.namedType : nil)
    }
}
