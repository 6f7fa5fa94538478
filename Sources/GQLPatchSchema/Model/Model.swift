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
    /// v1 `@versioned` (`version` field, `expectedVersion` input); `nil` for every other model.
    public var fieldVersioning: FieldVersioning?
    public var operations: ModelOperations
    /// Secondary indexes, in schema order.
    public var indexes: [ModelIndex]
    /// The fields that name a record's owners (`@auth` owner rules' `ownerField`, `owner` by default),
    /// in rule order; empty when the model has no owner rule or the schema does not say (a compiled
    /// schema keeps no `@auth` rules).
    public var ownerFields: [String]

    public init(
        name: String, fields: [ModelField], primaryKey: [String], isVersioned: Bool,
        fieldVersioning: FieldVersioning? = nil, operations: ModelOperations, indexes: [ModelIndex] = [],
        ownerFields: [String] = []
    ) {
        self.name = name
        self.fields = fields
        self.primaryKey = primaryKey
        self.isVersioned = isVersioned
        self.fieldVersioning = fieldVersioning
        self.operations = operations
        self.indexes = indexes
        self.ownerFields = ownerFields
    }

    public func field(_ name: String) -> ModelField? {
        fields.first { $0.name == name }
    }

    /// Fields that are `@hasMany`, `@hasOne` or `@belongsTo` relationships.
    public var relationships: [ModelField] {
        fields.filter { $0.relationship != nil }
    }
}
