import GQLPatchSchema

/// One model as completion sees it: its primary key and its fields (see `CompletionSource`).
public struct CompletionModel: Sendable, Equatable {
    /// Primary key fields in order.
    public var primaryKey: [String]
    /// Output fields in schema order, relationship fields included.
    public var fields: [CompletionField]

    public init(primaryKey: [String], fields: [CompletionField]) {
        self.primaryKey = primaryKey
        self.fields = fields
    }

    public init(_ model: Model) {
        self.init(primaryKey: model.primaryKey, fields: model.fields.map(CompletionField.init))
    }

    public func field(_ name: String) -> CompletionField? {
        fields.first { $0.name == name }
    }
}
