/// One model's fields holding another model's key: the record that holds them (`holder`, the child)
/// refers to a record of `referenced` (the parent). Read from the relationship fields on either side,
/// wherever the schema names the key fields.
public struct ModelLink: Sendable, Hashable {
    /// The model whose records hold the foreign key (the child, or a join model).
    public var holder: String
    /// The model whose key they hold (the parent).
    public var referenced: String
    /// The holder's fields that hold the referenced model's key, in key order.
    public var fields: [String]
    /// Every one of `fields` may be null, and none is part of the holder's primary key: the link can
    /// be left out of a record at first and filled in later.
    public var isNullable: Bool

    public init(holder: String, referenced: String, fields: [String], isNullable: Bool) {
        self.holder = holder
        self.referenced = referenced
        self.fields = fields
        self.isNullable = isNullable
    }

    /// A record of `holder` refers to another record of the same model.
    public var isSelfReference: Bool { holder == referenced }

    /// Every link between the models of `names`, each once, in the models' order. Relationships to a
    /// model outside `names` are left out; so are those whose key fields the schema does not name.
    public static func links(among names: [String], in catalogue: ModelCatalogue) -> [ModelLink] {
        let chosen = Set(names)
        var links: [ModelLink] = []
        for name in names {
            guard let model = catalogue.models[name] else { continue }
            for field in model.fields {
                guard let relationship = field.relationship, chosen.contains(relationship.relatedModel),
                    let related = catalogue.models[relationship.relatedModel], !relationship.keyFields.isEmpty
                else { continue }
                guard let holder = holder(of: relationship, declaring: model, related: related) else { continue }
                let link = ModelLink(
                    holder: holder.name, referenced: holder.name == model.name ? related.name : model.name,
                    fields: relationship.keyFields,
                    isNullable: relationship.keyFields.allSatisfy { key in
                        holder.field(key)?.isRequired == false && !holder.primaryKey.contains(key)
                    })
                if !links.contains(link) { links.append(link) }
            }
        }
        return links
    }

    /// Which side holds the key fields: a `@belongsTo`'s are on the declaring model, a `@hasMany`'s on
    /// the related one; a `@hasOne`'s are on either (v2 `@hasOne` puts `projectTeamId` on the declaring
    /// model, Gen 2's `references:` on the related one), so the side that has the fields is taken.
    private static func holder(of relationship: Relationship, declaring: Model, related: Model) -> Model? {
        let onDeclaring = relationship.keyFields.allSatisfy { declaring.field($0) != nil }
        let onRelated = relationship.keyFields.allSatisfy { related.field($0) != nil }
        switch relationship.kind {
        case .belongsTo: return onDeclaring ? declaring : nil
        case .hasMany: return onRelated ? related : nil
        case .hasOne:
            if onDeclaring, !onRelated { return declaring }
            if onRelated { return related }
            return nil
        }
    }
}
