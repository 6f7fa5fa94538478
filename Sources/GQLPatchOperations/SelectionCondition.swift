import GQLPatchSchema
import GQLPatchSupport
import JSON

/// A listing's selection (its filter, typed by the model's filter input) as the `condition` of each
/// write to a record it picked, so that a record changed meanwhile so that it no longer matches is
/// not written (a bulk write). The condition input lacks the primary key (`id` in Amplify v2):
/// a test of a key field that every record must pass (one AND-ed at the top) is left out, since a
/// record's key never changes; one under `or` or `not` cannot be, and is refused, as is any field
/// or operator the condition input lacks.
package struct SelectionCondition: Sendable {
    package var catalogue: ModelCatalogue
    package var wording: any InputWording

    package init(catalogue: ModelCatalogue, wording: any InputWording) {
        self.catalogue = catalogue
        self.wording = wording
    }

    /// The condition for `filter`; nil when nothing is left to test (no filter, or key tests only).
    package func condition(model: Model, filter: JSONValue?) throws(GQLPatchError) -> JSONValue? {
        guard let filter else { return nil }
        guard let name = model.operations.conditionInput, let input = catalogue.inputObjects[name] else {
            throw .invalidInput(
                "\(model.name)'s update takes no condition, so the writes cannot be guarded by the selection; nothing was sent"
            )
        }
        guard let converted = try convert(filter, model: model, input: input, topLevel: true) else { return nil }
        return try ValueTyper(catalogue: catalogue).value(
            fromJSON: converted, as: .named(name), at: wording.name(.filter))
    }

    /// `value` (a filter object) as a condition object; nil when every test in it was a key field's
    /// at the top level.
    private func convert(_ value: JSONValue, model: Model, input: InputObject, topLevel: Bool)
        throws(GQLPatchError) -> JSONValue?
    {
        guard let object = value.objectValue else { return value }
        var kept = JSONObject()
        for (name, member) in object {
            switch name {
            case "and", "or":
                var items: [JSONValue] = []
                for item in member.arrayValue ?? [] {
                    let converted = try convert(item, model: model, input: input, topLevel: topLevel && name == "and")
                    if let converted {
                        items.append(converted)
                    } else if name == "or" {
                        throw untestable(name: "or", model: model, input: input)
                    }
                }
                if !items.isEmpty { kept[name] = .array(items) }
            case "not":
                guard let converted = try convert(member, model: model, input: input, topLevel: false) else {
                    throw untestable(name: "not", model: model, input: input)
                }
                kept[name] = converted
            default:
                if let field = input.field(name), testsFit(member, operators: field.type.namedType) {
                    kept[name] = member
                } else if topLevel, model.primaryKey.contains(name) {
                    continue  // the record's key: it cannot have changed
                } else {
                    throw untestable(name: name, model: model, input: input)
                }
            }
        }
        return kept.isEmpty ? nil : .object(kept)
    }

    /// Whether every operator of `tests` is one the condition's operator input takes.
    private func testsFit(_ tests: JSONValue, operators: String) -> Bool {
        guard let object = tests.objectValue, let input = catalogue.inputObjects[operators] else { return false }
        return object.keys.allSatisfy { input.field($0) != nil }
    }

    private func untestable(name: String, model: Model, input: InputObject) -> GQLPatchError {
        .invalidInput(
            "\(wording.name(.filter)): \(input.name) cannot test \(ValueTyper.quoted(name)) as the selection does, so the writes to \(model.name) could not be guarded against records that stop matching; nothing was sent (select by fields the condition input has)"
        )
    }
}
