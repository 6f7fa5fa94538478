import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

/// Turns `FIELD=VALUE` condition pairs into a mutation's `condition` argument.
///
/// - `F=V` requires the stored value to equal `V`, typed by the model's field type:
///   `{"F": {"eq": V}}`. The text `null` is not special: for a `String` field it is the string "null".
/// - `F:=JSON` gives the value as JSON; `F:=null` requires the field to hold no value:
///   absent, or stored as an explicit null (see `nullTest`).
/// - Several pairs are AND-ed: `{"and": [{...}, {...}]}`.
public struct ConditionBuilder: Sendable {
    public var catalogue: ModelCatalogue

    package var wording: any InputWording

    package init(catalogue: ModelCatalogue, wording: any InputWording) {
        self.catalogue = catalogue
        self.wording = wording
    }

    /// The condition for the pairs, or `nil` when there are none.
    public func condition(model: Model, pairs: [FieldAssignment]) throws(GQLPatchError) -> JSONValue? {
        var terms: [JSONValue] = []
        for pair in pairs {
            terms.append(try term(for: pair, model: model))
        }
        switch terms.count {
        case 0: return nil
        case 1: return terms[0]
        default: return .object(JSONObject([("and", .array(terms))]))
        }
    }

    /// A condition that the record still holds `values` in the fields a condition can test (scalar
    /// and enum fields the model's condition input has, not lists, not `AWSJSON`); nil when none can
    /// be. What it cannot test the caller compares on a read first.
    package func holding(model: Model, values: JSONObject) throws(GQLPatchError) -> JSONValue? {
        let conditionInput = model.operations.conditionInput.flatMap { catalogue.inputObjects[$0] }
        var pairs: [FieldAssignment] = []
        for (field, value) in values {
            guard let modelField = model.field(field), modelField.kind == .scalar || modelField.kind == .enumeration,
                !modelField.isList, conditionInput?.field(field) != nil, modelField.type.namedType != "AWSJSON"
            else { continue }
            pairs.append(FieldAssignment(field: field, value: .parsed(value)))
        }
        return try condition(model: model, pairs: pairs)
    }

    /// The test that `field` holds no value: `{"or": [{"F": {"attributeExists": false}}, {"F": {"attributeType": "_null"}}]}`.
    /// `attributeExists: false` alone misses an attribute stored as null (`create` with null, a
    /// re-created record), which `get` and `list` print as null too. `operators` is the field's
    /// `Model*Input` when the schema gives it: a test it lacks is left out, and one without either
    /// (an enum's `eq`/`ne` input) cannot test for null at all.
    public static func nullTest(field: String, operators: InputObject?, place: String, described: String)
        throws(GQLPatchError) -> JSONValue
    {
        var tests: [JSONValue] = []
        if operators == nil || operators?.field("attributeExists") != nil {
            tests.append(.object(JSONObject([(field, .object(JSONObject([("attributeExists", .bool(false))])))])))
        }
        if operators == nil || operators?.field("attributeType") != nil {
            tests.append(.object(JSONObject([(field, .object(JSONObject([("attributeType", .string("_null"))])))])))
        }
        switch tests.count {
        case 0:
            throw .invalidInput(
                "\(place): \(operators?.name ?? "its input") has no attributeExists or attributeType test, so \(described) cannot be tested for null"
            )
        case 1: return tests[0]
        default: return .object(JSONObject([("or", .array(tests))]))
        }
    }

    private func term(for pair: FieldAssignment, model: Model) throws(GQLPatchError) -> JSONValue {
        let path = "\(model.name).\(pair.field)"
        guard let field = model.field(pair.field) else {
            let names = model.fields.filter { $0.relationship == nil }.map(\.name)
            if let suggestion = FieldSuggestion.closest(to: pair.field, among: names) {
                throw .unknownName(
                    "\(wording.name(.condition)): unknown field \(ValueTyper.quoted(pair.field)) for \(model.name); did you mean \(ValueTyper.quoted(suggestion))?"
                )
            }
            throw .unknownName(
                "\(wording.name(.condition)): unknown field \(ValueTyper.quoted(pair.field)) for \(model.name) (fields: \(names.joined(separator: ", ")))"
            )
        }
        if field.relationship != nil || field.kind == .model || field.kind == .nonModel {
            throw .invalidInput(
                "\(wording.field(pair.field, in: .condition)): conditions can test only scalar and enum fields")
        }
        var eqType: TypeReference = .named(field.type.namedType)
        var operators: InputObject?
        if let conditionName = model.operations.conditionInput,
            let conditionInput = catalogue.inputObjects[conditionName]
        {
            guard let conditionField = conditionInput.field(pair.field) else {
                throw .unknownName(
                    "\(wording.field(pair.field, in: .condition)): \(conditionName) has no field \(pair.field), so it cannot be tested"
                )
            }
            operators = catalogue.inputObjects[conditionField.type.namedType]
            if let eq = operators?.field("eq") {
                eqType = eq.type.nullable
            }
        }
        let isNull: () throws(GQLPatchError) -> JSONValue = { () throws(GQLPatchError) in
            try Self.nullTest(
                field: pair.field, operators: operators, place: "\(wording.field(pair.field, in: .condition)):=null",
                described: path)
        }
        let typer = ValueTyper(catalogue: catalogue)
        let test: JSONValue
        switch pair.value {
        case .null:
            return try isNull()
        case .text(let text):
            test = try typer.value(fromText: text, as: eqType, at: path)
        case .parsed(let json):
            if json.isNull { return try isNull() }
            test = try typer.value(fromJSON: json, as: eqType, at: path)
        case .json(let text):
            let json: JSONValue
            do {
                json = try JSONValue.parse(text)
            } catch {
                throw .invalidInput("\(path): the value after := is not JSON (\(error))")
            }
            if json.isNull { return try isNull() }
            test = try typer.value(fromJSON: json, as: eqType, at: path)
        case .file:
            throw .usage("\(wording.field(pair.field, in: .condition)): values cannot be read from a file")
        }
        return .object(JSONObject([(pair.field, .object(JSONObject([("eq", test)])))]))
    }
}
