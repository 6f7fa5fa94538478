/// v1 `@versioned` conflict detection: the model carries a version counter field and its update and delete
/// inputs take the version the writer last read, which the resolver compares and then increments. It is the
/// v1 transformer's own scheme, separate from the conflict-resolution `_version` of versioned data sources.
public struct FieldVersioning: Sendable, Equatable {
    /// The model's version field (`version`; `@versioned(versionField:)`).
    public var versionField: String
    /// The update and delete input's field for the expected version (`expectedVersion`;
    /// `@versioned(versionInput:)`).
    public var versionInput: String

    public init(versionField: String = "version", versionInput: String = "expectedVersion") {
        self.versionField = versionField
        self.versionInput = versionInput
    }
}
