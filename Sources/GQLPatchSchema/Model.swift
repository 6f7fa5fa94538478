import GraphQLSDL

/// One `@model` type.
public struct Model: Sendable {
    public var name: String
    /// Output fields in schema order, relationship fields included.
    public var fields: [ModelField]
    /// Primary key fields in order: the partition key, then the sort-key fields.
    public var primaryKey: [String]
    /// Conflict resolution (`_version`) is on for this model.
    public var isVersioned: Bool
    public var operations: ModelOperations

    public init(
        name: String, fields: [ModelField], primaryKey: [String], isVersioned: Bool, operations: ModelOperations
    ) {
        self.name = name
        self.fields = fields
        self.primaryKey = primaryKey
        self.isVersioned = isVersioned
        self.operations = operations
    }

    public func field(_ name: String) -> ModelField? {
        fields.first { $0.name == name }
    }

    /// Fields that are `@hasMany`, `@hasOne` or `@belongsTo` relationships.
    public var relationships: [ModelField] {
        fields.filter { $0.relationship != nil }
    }
}
