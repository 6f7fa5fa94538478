import FoundationEssentials
import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

/// Turns a create's patch object and field values into the typed `input` of the model's create
/// mutation, checking each field against the create input and every required field (non-null in the
/// create input) before anything is sent. When the key is an automatic `id` (the create input's `id`
/// is a nullable `ID`) and none is given, a lower-case UUID is generated so a retried create can be
/// recognised. Messages name the input through the caller's `wording`.
package struct CreateInputBuilder: Sendable {
    /// A typed create input.
    package struct Result: Sendable {
        package var input: JSONObject
        /// The primary key as sent (complete unless a key field was left to the server).
        package var key: JSONObject
        package var keyIsComplete: Bool
        /// The `id` was generated here.
        package var generatedID: Bool
    }

    package var catalogue: ModelCatalogue
    package var readFile: @Sendable (String) throws(GQLPatchError) -> [UInt8]
    /// Makes the id of a record whose key is an automatic `id`.
    package var makeID: @Sendable () -> String
    package var wording: any InputWording

    package init(
        catalogue: ModelCatalogue, readFile: @escaping @Sendable (String) throws(GQLPatchError) -> [UInt8],
        wording: any InputWording, makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.catalogue = catalogue
        self.readFile = readFile
        self.wording = wording
        self.makeID = makeID
    }

    package func build(model: Model, patch: JSONObject?, values: [FieldAssignment]) throws(GQLPatchError) -> Result {
        guard let inputName = model.operations.createInput, model.operations.create != nil,
            let input = catalogue.inputObjects[inputName]
        else {
            throw .invalidInput("the API has no create operation for \(model.name)")
        }
        let typer = ValueTyper(catalogue: catalogue)
        let assignments = AssignmentTyper(catalogue: catalogue, readFile: readFile, wording: wording)
        var typed = JSONObject()
        if let patch {
            for (name, value) in patch {
                let type = try settableType(of: name, model: model, input: input)
                typed[name] = try typer.value(fromJSON: value, as: type, at: "\(model.name).\(name)")
            }
        }
        var named: Set<String> = []
        for value in values {
            guard named.insert(value.field).inserted else {
                throw .usage("\(wording.field(value.field, in: .set)) given twice")
            }
            let type = try settableType(of: value.field, model: model, input: input)
            typed[value.field] = try assignments.value(of: value, as: type, at: "\(model.name).\(value.field)")
        }
        var generatedID = false
        if model.primaryKey == ["id"], typed["id"] == nil, let idField = input.field("id"), idField.type == .named("ID")
        {
            var withID = JSONObject([("id", .string(makeID()))])
            for (name, value) in typed { withID[name] = value }
            typed = withID
            generatedID = true
        }
        let missing = input.fields.filter { $0.type.isNonNull && (typed[$0.name] ?? .null).isNull }
        if !missing.isEmpty {
            let list = missing.map { "\($0.name) (\($0.type))" }.joined(separator: ", ")
            let needed = missing.map { wording.assignment($0.name, object: false, in: .set) }.joined(separator: " ")
            throw .invalidInput(
                "\(model.name) needs \(missing.count == 1 ? "a value" : "values") for \(list): give \(needed)")
        }
        var key = JSONObject()
        for field in model.primaryKey {
            if let value = typed[field], !value.isNull { key[field] = value }
        }
        return Result(
            input: typed, key: key, keyIsComplete: key.count == model.primaryKey.count, generatedID: generatedID)
    }

    /// The create-input type of a field, or the reason it cannot be given.
    private func settableType(of name: String, model: Model, input: InputObject) throws(GQLPatchError) -> TypeReference
    {
        if ["_version", "_deleted", "_lastChangedAt"].contains(name) {
            throw .invalidInput("\(name) is kept by conflict resolution and cannot be set")
        }
        if name.contains(".") {
            let parent = String(name[..<name.firstIndex(of: ".")!])
            throw .invalidInput(
                "\(name): give the whole value of \(parent) (\(wording.assignment(parent, object: true, in: .set)))")
        }
        if let field = input.field(name) { return field.type }
        if let field = model.field(name) {
            if let relationship = field.relationship {
                let keys = relationship.keyFields.isEmpty ? "" : " (\(relationship.keyFields.joined(separator: ", ")))"
                switch relationship.kind {
                case .belongsTo:
                    throw .invalidInput("\(name) is a relationship (@belongsTo); set its key fields\(keys) instead")
                case .hasMany, .hasOne:
                    throw .invalidInput(
                        "\(name) is a relationship (@\(relationship.kind.rawValue)); create the related records with their own command"
                    )
                }
            }
            throw .invalidInput("\(name) is set by the server (\(input.name) has no such field)")
        }
        let names = input.fields.map(\.name).filter { $0 != "_version" }
        if let suggestion = FieldSuggestion.closest(to: name, among: names) {
            throw .unknownName(
                "unknown field \(ValueTyper.quoted(name)) for \(model.name); did you mean \(ValueTyper.quoted(suggestion))?"
            )
        }
        throw .unknownName(
            "unknown field \(ValueTyper.quoted(name)) for \(model.name) (fields: \(names.joined(separator: ", ")))")
    }
}
