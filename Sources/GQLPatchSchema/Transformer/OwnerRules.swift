import GraphQLSDL
import JSON

/// The owner fields a model's `@auth` rules name: each `{allow: owner}` rule's `ownerField`, `owner`
/// when the rule gives none (as the transformers default it), once each in rule order. An import maps
/// or sets these fields, since the owners of one environment's user pool mean nothing in another's.
package enum OwnerRules {
    /// From a source schema's `@auth(rules: [...])` directives on a model type (v1 and v2 alike).
    package static func ownerFields(of directives: [Directive]) -> [String] {
        fields(of: directives, allow: "owner", naming: "ownerField", byDefault: "owner")
    }

    /// The `groupsField` of each dynamic `{allow: groups, groupsField: "..."}` rule, once each in rule order.
    package static func groupsFields(of directives: [Directive]) -> [String] {
        fields(of: directives, allow: "groups", naming: "groupsField", byDefault: nil)
    }

    /// The field each `{allow: ALLOW}` rule names in its `naming` argument (`byDefault` when it names
    /// none; the rule is skipped when that is nil), once each in rule order.
    private static func fields(of directives: [Directive], allow wanted: String, naming: String, byDefault: String?)
        -> [String]
    {
        var fields: [String] = []
        for directive in directives where directive.name == "auth" {
            guard case .list(let rules) = directive.argument("rules") else { continue }
            for case .object(let members) in rules {
                var allow: String?
                var named: String?
                for member in members {
                    switch (member.name, member.value) {
                    case ("allow", .enumValue(let value)), ("allow", .string(let value)): allow = value
                    case (naming, .string(let value)): named = value
                    default: break
                    }
                }
                guard allow == wanted, let field = named ?? byDefault, !fields.contains(field) else { continue }
                fields.append(field)
            }
        }
        return fields
    }

    /// From model introspection's attributes (`{"type": "auth", "properties": {"rules": [...]}}`).
    package static func ownerFields(ofIntrospected attributes: [JSONValue]) -> [String] {
        var fields: [String] = []
        for attribute in attributes where attribute["type"]?.stringValue == "auth" {
            for rule in attribute["properties"]?["rules"]?.arrayValue ?? [] where rule["allow"]?.stringValue == "owner"
            {
                let field = rule["ownerField"]?.stringValue ?? "owner"
                if !fields.contains(field) { fields.append(field) }
            }
        }
        return fields
    }
}
