/// A relationship field between two models.
public struct Relationship: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case hasMany, hasOne, belongsTo
    }

    public var kind: Kind
    /// The model on the other side.
    public var relatedModel: String
    /// For `hasMany`/`hasOne`: the fields of the related (child) model that hold this model's
    /// primary key, in key order. For `belongsTo`: the fields of this model that hold the parent's key.
    /// Empty when the schema does not say (compiled schemas without a source).
    public var keyFields: [String]

    public init(kind: Kind, relatedModel: String, keyFields: [String]) {
        self.kind = kind
        self.relatedModel = relatedModel
        self.keyFields = keyFields
    }
}
