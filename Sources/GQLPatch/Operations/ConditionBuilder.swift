import GraphQLSDL
import JSON

/// Turns `--if FIELD=VALUE` pairs into a mutation's `condition` argument.
///
/// - `--if F=V` requires the stored value to equal `V`, typed by the model's field type:
///   `{"F": {"eq": V}}`. The text `null` is not special: for a `String` field it is the string "null".
/// - `--if F:=JSON` gives the value as JSON; `--if F:=null` requires the attribute to be absent:
///   `{"F": {"attributeExists": false}}`.
/// - Several pairs are AND-ed: `{"and": [{...}, {...}]}`.
public struct ConditionBuilder: Sendable {
    public var catalogue: ModelCatalogue

    public init(catalogue: ModelCatalogue) {
        self.catalogue = catalogue
    }

    /// The condition for the pairs, or `nil` when there are none.
    public func condition(model: Model, pairs: [FieldAssignment]) throws(GQLPatchError) -> JSONValue? {
        var terms: [JSONValue] = []
        for pair in pairs {
            terms.append(.object(JSONObject([(pair.field, .object(try test(for: pair, model: model)))])))
        }
        switch terms.count {
        case 0: return nil
        case 1: return terms[0]
        default: return .object(JSONObject([("and", .array(terms))]))
        }
    }

    private func test(for pair: FieldAssignment, model: Model) throws(GQLPatchError) -> JSONObject {
        let path = "\(model.name).\(pair.field)"
        guard let field = model.field(pair.field) else {
            let names = model.fields.filter { $0.relationship == nil }.map(\.name)
            if let suggestion = FieldSuggestion.closest(to: pair.field, among: names) {
                throw .invalidInput(
                    "--if: unknown field \(ValueTyper.quoted(pair.field)) for \(model.name); did you mean \(ValueTyper.quoted(suggestion))?")
            }
            throw .invalidInput("--if: unknown field \(ValueTyper.quoted(pair.field)) for \(model.name) (fields: \(names.joined(separator: ", ")))")
        }
        if field.relationship != nil || field.kind == .model || field.kind == .nonModel {
            throw .invalidInput("--if \(pair.field): conditions can test only scalar and enum fields")
        }
        var eqType: TypeReference = .named(field.type.namedType)
        if let conditionName = model.operations.conditionInput, let conditionInput = catalogue.inputObjects[conditionName] {
            guard let conditionField = conditionInput.field(pair.field) else {
                throw .invalidInput("--if \(pair.field): \(conditionName) has no field \(pair.field), so it cannot be tested")
            }
            if let eq = catalogue.inputObjects[conditionField.type.namedType]?.field("eq") {
                eqType = eq.type.nullable
            }
        }
        let typer = ValueTyper(catalogue: catalogue)
        switch pair.value {
        case .null:
            return JSONObject([("attributeExists", .bool(false))])
        case .text(let text):
            return JSONObject([("eq", try typer.value(fromText: text, as: eqType, at: path))])
        case .json(let text):
            let json: JSONValue
            do {
                json = try JSONValue.parse(text)
            } catch {
                throw .invalidInput("\(path): the value after := is not JSON (\(error))")
            }
            if json.isNull { return JSONObject([("attributeExists", .bool(false))]) }
            return JSONObject([("eq", try typer.value(fromJSON: json, as: eqType, at: path))])
        case .file:
            throw .usage("--if \(pair.field): values cannot be read from a file")
        }
    }
}
