import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

/// Turns a record's key (the whole key as one value, or field by field) and changes (a patch object,
/// then single sets and unsets) into a typed `ChangeSet` for one model, checking every field against
/// the model's update input. Messages name the input through the caller's `wording`.
public struct ChangeSetBuilder: Sendable {
    /// Reads a file named by `F=@PATH` (`-` is standard input). Failures are `.unreadableFile`
    /// with the message `cannot read PATH: reason`.
    public typealias FileReader = @Sendable (String) throws(GQLPatchError) -> [UInt8]

    /// How the record is named.
    public enum Key: Sendable, Hashable {
        /// The whole primary key as one value, when it is one field, whatever its name.
        case id(String)
        /// `F=V`, one per primary-key field.
        case fields([FieldAssignment])
        /// A key `key(model:_:)` returned before: a batch line's key is typed once, as the line is read,
        /// not again for each change set built from the line.
        case typed(JSONObject)
    }

    public var catalogue: ModelCatalogue
    public var readFile: FileReader
    package var wording: any InputWording

    package init(catalogue: ModelCatalogue, readFile: @escaping FileReader, wording: any InputWording) {
        self.catalogue = catalogue
        self.readFile = readFile
        self.wording = wording
    }

    private var typer: ValueTyper { ValueTyper(catalogue: catalogue) }

    /// Builds the key and the changes. `patch` (an object of changes, JSON null meaning unset) is
    /// applied before `changes` (single sets and unsets, in order); one of those overrides a patch
    /// entry, but two naming the same field are refused. A dotted `changes` field (`imageFile.key`) and
    /// each of `edits` become `FieldEdit`s, worked out against the record as read; with
    /// `mergesPatchObjects`, so does a patch's object value for an object field (merged, RFC 7396).
    public func build(
        model: Model, key: Key, patch: JSONObject? = nil, changes: [FieldAssignment], edits: [EditRequest] = [],
        mergesPatchObjects: Bool = false
    ) throws(GQLPatchError) -> ChangeSet {
        let typedKey = try self.key(model: model, key)
        let input = updateInput(of: model)
        var typed = JSONObject()
        var fieldEdits: [FieldEdit] = []
        if let patch {
            for (name, value) in patch {
                let type = try changeableType(of: name, model: model, input: input, key: key)
                if mergesPatchObjects, let members = value.objectValue,
                    let objectInput = catalogue.inputObjects[type.nullable.namedType], !type.isList
                {
                    let typedPatch = try mergePatch(members, input: objectInput, at: "\(model.name).\(name)")
                    fieldEdits.append(FieldEdit(path: [name], operation: .merge(typedPatch), fieldType: type))
                    continue
                }
                let typedValue = try typer.value(fromJSON: value, as: type, at: "\(model.name).\(name)")
                if typedValue.isNull { try checkUnset(name, model: model) }
                typed[name] = typedValue
            }
        }
        var flagged: [String: String] = [:]
        for change in changes {
            let flag = wording.name(change.value == .null ? .unset : .set)
            if let earlier = flagged[change.field] {
                throw .usage(
                    earlier == flag
                        ? "\(flag) \(change.field) given twice" : "\(change.field) given twice (\(earlier) and \(flag))"
                )
            }
            flagged[change.field] = flag
            if change.field.contains(".") {
                fieldEdits.removeAll { $0.path == [change.field] }
                fieldEdits.append(try nestedEdit(change, model: model, input: input, key: key))
                continue
            }
            let type = try changeableType(of: change.field, model: model, input: input, key: key)
            let typedValue = try value(of: change, as: type, at: "\(model.name).\(change.field)")
            if typedValue.isNull { try checkUnset(change.field, model: model) }
            typed[change.field] = typedValue
            // A single set overrides a patch's merge of the same field.
            fieldEdits.removeAll { $0.path == [change.field] }
        }
        for request in edits {
            fieldEdits.append(try edit(request, model: model, input: input, key: key))
        }
        try checkOverlaps(typed: typed, edits: fieldEdits, flagged: flagged, requests: edits)
        return ChangeSet(key: typedKey, changes: typed, edits: fieldEdits)
    }

    /// The typed primary key, fields in key order. Types come from the update input's key fields,
    /// else from the get query's arguments, else from the model's fields.
    public func key(model: Model, _ key: Key) throws(GQLPatchError) -> JSONObject {
        guard !model.primaryKey.isEmpty else {
            throw .invalidInput("\(model.name) has no primary key in the schema")
        }
        var given: [(field: String, value: FieldAssignment.Value)] = []
        switch key {
        case .typed(let typed):
            return typed
        case .id(let text):
            guard model.primaryKey.count == 1 else {
                let flags = model.primaryKey.map { wording.field("\($0)=VALUE", in: .key) }.joined(separator: " ")
                throw .invalidInput(
                    "\(model.name) has a composite primary key (\(model.primaryKey.joined(separator: ", "))); "
                        + "give \(flags) instead of \(wording.name(.id))")
            }
            given = [(model.primaryKey[0], .text(text))]
        case .fields(let assignments):
            var seen: Set<String> = []
            for assignment in assignments {
                guard model.primaryKey.contains(assignment.field) else {
                    throw .invalidInput(
                        "\(wording.field(assignment.field, in: .key)) is not part of \(model.name)'s primary key "
                            + "(\(model.primaryKey.joined(separator: ", ")))")
                }
                guard seen.insert(assignment.field).inserted else {
                    throw .usage("\(wording.field(assignment.field, in: .key)) given twice")
                }
                given.append((assignment.field, assignment.value))
            }
            for field in model.primaryKey where !seen.contains(field) {
                throw .invalidInput(
                    "\(wording.missing(field, in: .key)) (\(model.name)'s primary key is \(model.primaryKey.joined(separator: ", ")))"
                )
            }
        }
        var typed = JSONObject()
        for field in model.primaryKey {
            guard let value = given.first(where: { $0.field == field })?.value else { continue }
            let type = keyType(of: field, model: model)
            guard value != .null else {
                throw .invalidInput("\(model.name).\(field): a primary-key field cannot be null")
            }
            typed[field] = try self.value(
                of: FieldAssignment(field: field, value: value), as: type, at: "\(model.name).\(field)")
        }
        return typed
    }

    // MARK: - Field checks

    private func updateInput(of model: Model) -> InputObject? {
        model.operations.updateInput.flatMap { catalogue.inputObjects[$0] }
    }

    private func keyType(of field: String, model: Model) -> TypeReference {
        if let type = updateInput(of: model)?.field(field)?.type { return type }
        if let argument = model.operations.getArguments.first(where: { $0.name == field }) { return argument.type }
        if let type = model.field(field)?.type { return type }
        return .nonNull(.named("ID"))
    }

    /// The update-input type of a field the command may change, or the reason it may not.
    func changeableType(
        of name: String, model: Model, input: InputObject?, key: Key
    ) throws(GQLPatchError) -> TypeReference {
        guard let input else {
            throw .invalidInput("the API has no update operation for \(model.name)")
        }
        if model.primaryKey.contains(name) {
            let source: InputSource = if case .id = key { .id } else { .key }
            throw .invalidInput(
                "\(name) is part of the primary key and cannot be changed; it is given \(wording.given(in: source))")
        }
        if ["_version", "_deleted", "_lastChangedAt"].contains(name) {
            throw .invalidInput("\(name) is kept by conflict resolution and cannot be set")
        }
        if let versioning = model.fieldVersioning, [versioning.versionField, versioning.versionInput].contains(name) {
            // The resolver sets the field to the expected version plus one, whatever the input says.
            throw .invalidInput(
                "\(name) is kept by @versioned and cannot be set (gqlpatch sends \(versioning.versionInput) from the record's \(versioning.versionField))"
            )
        }
        if let dot = name.firstIndex(of: ".") {
            let parent = String(name[..<dot])
            throw .invalidInput(
                "\(name): parts of \(parent) cannot be changed alone; give the whole value (\(wording.assignment(parent, object: true, in: .set)))"
            )
        }
        let modelField = model.field(name)
        if let field = input.field(name) { return field.type }
        if let modelField {
            if let relationship = modelField.relationship {
                switch relationship.kind {
                case .hasMany, .hasOne:
                    throw .invalidInput(
                        "\(name) is a relationship (@\(relationship.kind.rawValue)); change the \(relationship.kind == .hasMany ? "child records" : "related record") instead"
                    )
                case .belongsTo:
                    let keys =
                        relationship.keyFields.isEmpty ? "" : " (\(relationship.keyFields.joined(separator: ", ")))"
                    throw .invalidInput("\(name) is a relationship (@belongsTo); set its key fields\(keys) instead")
                }
            }
            if model.ownerFields.contains(name) {
                // An implicit owner field: AppSync fills it from the identity that writes the record.
                throw .invalidInput(
                    "\(name) is set by the server: \(model.name)'s owner field is left implicit (\(input.name) has no \(name)), so AppSync sets it from the identity that writes the record; declare it in the model (\(name): String) to set it"
                )
            }
            if modelField.isReadOnly || ["createdAt", "updatedAt"].contains(name) {
                throw .invalidInput("\(name) is set by the server")
            }
            throw .invalidInput("\(name) cannot be changed: \(input.name) has no such field")
        }
        let settable = input.fields.map(\.name).filter { !model.primaryKey.contains($0) && $0 != "_version" }
        if let suggestion = FieldSuggestion.closest(to: name, among: settable + model.fields.map(\.name)) {
            throw .unknownName(
                "unknown field \(ValueTyper.quoted(name)) for \(model.name); did you mean \(ValueTyper.quoted(suggestion))?"
            )
        }
        throw .unknownName(
            "unknown field \(ValueTyper.quoted(name)) for \(model.name) (fields: \(settable.joined(separator: ", ")))")
    }

    /// Refuses to null a field the model type declares non-null: the update input allows it, but the
    /// resolver would REMOVE the attribute and later reads of the record would fail.
    func checkUnset(_ name: String, model: Model) throws(GQLPatchError) {
        if let field = model.field(name), field.isRequired {
            throw .invalidInput(
                "\(name) is required (\(field.type)) and cannot be unset; removing it would corrupt the record")
        }
    }

    // MARK: - Values

    /// Types one value: `=TEXT`, `:=JSON`, `=@PATH` (verbatim text for String/ID) or unset.
    func value(of assignment: FieldAssignment, as type: TypeReference, at path: String) throws(GQLPatchError)
        -> JSONValue
    {
        try AssignmentTyper(catalogue: catalogue, readFile: readFile, wording: wording, addable: true).value(
            of: assignment, as: type, at: path)
    }

    package static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
        else {
            return ""
        }
        return String(text[first...last])
    }
}
