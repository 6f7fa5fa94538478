import AWSSigning
import FoundationEssentials
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// Checks one line of `apply` input and types it: the line must be a JSON object with `op`, `model`
/// and `key`, and `set`/`unset`/`if`/`expectVersion` as the operation allows; values are typed by the
/// schema exactly as a command's `F:=JSON` values are typed; the shared builders word their messages
/// as the line names its members (`ApplyLineWording`). Errors name the line:
/// `SOURCE:LINE:COLUMN: error: ...` for JSON syntax, `SOURCE:LINE: error: ...` for the rest
/// (see `BatchLineError`).
package struct BatchLineParser: Sendable {
    package var catalogue: ModelCatalogue
    package var conflictResolution: ConflictResolution
    /// `--atomic`: refuse lines whose effect cannot be undone.
    package var atomic: Bool

    package static let allowedKeys = [
        "op", "model", "key", "set", "unset", "merge", "append", "prepend", "remove", "add", "incr", "if",
        "expectVersion", "next", "start",
    ]
    /// The members that edit a field from its value as read, and the edit each makes.
    static let editKeys: [(String, EditRequest.Kind)] = [
        ("append", .append), ("prepend", .prepend), ("remove", .remove), ("add", .add), ("incr", .increment),
    ]

    /// Whether operations carry the digest of their line (needed by `--journal` only).
    package var wantsDigest = true
    /// The run keeps a journal: `"next"` lines are refused (see `nextCreate`).
    package var journaled = false
    /// How the shared builders' messages name the line's members and the run's settings.
    package var wording: ApplyLineWording
    /// The schema's custom operations, for `{"op": "call"}` lines: asked for when a call line first
    /// needs them (a run without one never reads them); nil: call lines are refused.
    package var calls: (@Sendable () throws(GQLPatchError) -> CustomOperationTable)?

    package init(
        catalogue: ModelCatalogue, conflictResolution: ConflictResolution, atomic: Bool, wantsDigest: Bool = true,
        wording: ApplyLineWording, journaled: Bool = false,
        calls: (@Sendable () throws(GQLPatchError) -> CustomOperationTable)? = nil
    ) {
        self.calls = calls
        self.catalogue = catalogue
        self.conflictResolution = conflictResolution
        self.atomic = atomic
        self.wantsDigest = wantsDigest
        self.wording = wording
        self.journaled = journaled
    }

    /// The checked operation for a line that is not blank.
    package func parse(_ line: JSONLine) throws(BatchLineError) -> BatchOperation {
        let value = try Self.value(of: line)
        do {
            return try operation(from: value, number: line.number) { line.bytes }
        } catch {
            throw BatchLineError(line: line.number, column: nil, message: error.message)
        }
    }

    /// The line's JSON; a syntax error names its column.
    static func value(of line: JSONLine) throws(BatchLineError) -> JSONValue {
        do {
            return try line.parse()
        } catch {
            throw BatchLineError(line: line.number, column: error.column, message: error.message)
        }
    }

    /// The checked operation for a line a source made as a value (`copy`'s records), typed as the same
    /// line read from a file is; its text is made only for a journal's digest or a made id.
    package func parse(_ value: JSONValue, line number: Int) throws(BatchLineError) -> BatchOperation {
        do {
            return try operation(from: value, number: number) {
                var bytes: [UInt8] = []
                value.write(to: &bytes, pretty: false)
                return bytes
            }
        } catch {
            throw BatchLineError(line: number, column: nil, message: error.message)
        }
    }

    /// `bytes`: the line's text, asked for only when the digest or a made id needs it.
    func operation(from value: JSONValue, number: Int, bytes: () -> [UInt8]) throws(GQLPatchError)
        -> BatchOperation
    {
        guard let object = value.objectValue else {
            throw .invalidInput(
                "expected a JSON object with \"op\", \"model\" and \"key\", got \(PatchFile.kind(of: value))")
        }
        for name in object.keys where !Self.allowedKeys.contains(name) {
            let hint =
                FieldSuggestion.closest(to: name, among: Self.allowedKeys).map { "; did you mean \"\($0)\"?" } ?? ""
            throw .invalidInput(
                "unknown key \(ValueTyper.quoted(name))\(hint) (a line may hold: \(Self.allowedKeys.joined(separator: ", ")))"
            )
        }
        guard let opValue = object["op"] else {
            throw .invalidInput("missing \"op\" (update, create, delete, upsert, touch or call)")
        }
        guard let opText = opValue.stringValue, let kind = BatchOperation.Kind(rawValue: opText) else {
            if opValue == .string(Self.callOp) {
                throw .invalidInput("a call line is not taken here: only apply runs custom operations")
            }
            throw .invalidInput(
                "\"op\" must be \"update\", \"create\", \"delete\", \"upsert\", \"touch\" or \"call\", got \(opValue.serialized())"
            )
        }
        let edited = ["merge"] + Self.editKeys.map(\.0)
        if kind == .create || kind == .delete || kind == .touch, let member = edited.first(where: { object[$0] != nil })
        {
            throw .invalidInput("\"\(member)\" does not apply to a \(kind.rawValue) (only to update and upsert)")
        }
        guard let modelValue = object["model"] else { throw .invalidInput("missing \"model\"") }
        guard let modelName = modelValue.stringValue else {
            throw .invalidInput("\"model\" must be a string, got \(modelValue.serialized())")
        }
        let model = try ModelLookup.model(named: modelName, in: catalogue)
        let versioned = RecordService.isVersioned(model, under: conflictResolution)
        let digest = wantsDigest ? Self.digest(bytes()) : ""
        let set = try objectMember("set", of: object)
        let unset = try unsetFields(object)
        let conditionPairs =
            try objectMember("if", of: object).map { pairs in
                pairs.map { FieldAssignment(field: $0.key, value: .parsed($0.value)) }
            } ?? []
        var expectVersion: Int?
        if let version = object["expectVersion"] {
            guard let number = version.intValue, NumericLimits.version.contains(number) else {
                let range = NumericLimits.version
                throw .invalidInput(
                    "\"expectVersion\" must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(version.serialized())"
                )
            }
            guard versioned else {
                throw .invalidInput(
                    "\"expectVersion\" needs a versioned model, and \(model.name) has no _version (use \(wording.name(.conflictResolution)) \(ConflictResolution.on.rawValue) if the API is versioned)"
                )
            }
            guard kind != .create else { throw .invalidInput("\"expectVersion\" does not apply to a create") }
            expectVersion = number
        }
        if object["next"] != nil || object["start"] != nil {
            guard kind == .create else { throw .invalidInput("\"next\" and \"start\" apply to a create only") }
            guard object["if"] == nil else { throw .invalidInput("a \"next\" create takes no \"if\"") }
            guard unset.isEmpty else { throw .invalidInput("\"unset\" does not apply to a create") }
            return try nextCreate(
                object, model: model, set: set ?? JSONObject(), number: number, bytes: bytes, versioned: versioned,
                digest: digest)
        }
        let condition = try ConditionBuilder(catalogue: catalogue, wording: wording).condition(
            model: model, pairs: conditionPairs)
        let key: JSONObject
        var changes = JSONObject()
        var edits: [FieldEdit] = []
        var upsertFields = JSONObject()
        switch kind {
        case .update, .upsert:
            key = try typedKey(object, model: model)
            var patch = set ?? JSONObject()
            for name in unset {
                if patch[name] != nil { throw .invalidInput("\(name) is both in \"set\" and in \"unset\"") }
                patch[name] = .null
            }
            let builder = ChangeSetBuilder(catalogue: catalogue, readFile: Self.noFiles, wording: wording)
            if !patch.isEmpty {
                changes = try builder.build(model: model, key: .typed(key), patch: patch, changes: [])
                    .changes
            }
            let worked = try editsOf(object, model: model, key: key, builder: builder)
            for (name, value) in worked.changes {
                if changes[name] != nil { throw .invalidInput("\(name) is both in \"set\" and in \"merge\"") }
                changes[name] = value
            }
            for edit in worked.edits where changes[edit.field] != nil {
                throw .invalidInput("\(edit.field) is both changed whole and edited")
            }
            edits = worked.edits
            guard !changes.isEmpty || !edits.isEmpty else {
                throw .invalidInput(
                    "an \(kind.rawValue) needs \"set\", \"unset\", \"merge\", \"append\", \"prepend\", \"remove\", \"add\" or \"incr\" with at least one field"
                )
            }
            if kind == .upsert {
                // The create it may become: the changes, edits worked out from no record; checked now.
                var fresh = try ChangeSet(key: key, changes: changes, edits: edits).resolved(
                    against: JSONObject(), editor: FieldEditor(catalogue: catalogue, model: model)
                ).changes
                for (name, value) in fresh where value.isNull { _ = fresh.removeValue(forKey: name) }
                upsertFields = try createFields(fresh, key: key, model: model)
            }
            if versioned, model.operations.get == nil {
                throw .invalidInput("\(model.name) is versioned but the API has no get query to fetch its _version")
            }
            if atomic, model.operations.get == nil {
                throw .invalidInput(
                    "\(wording.name(.atomic)) needs the previous values, but the API has no get query for \(model.name)"
                )
            }
        case .create:
            guard unset.isEmpty else { throw .invalidInput("\"unset\" does not apply to a create") }
            if object["key"] == nil, model.primaryKey == ["id"] {
                key = JSONObject([("id", .string(Self.madeID(lineNumber: number, bytes: bytes())))])
            } else {
                key = try typedKey(object, model: model)
            }
            changes = try createFields(set ?? JSONObject(), key: key, model: model)
        case .touch:
            guard set == nil, unset.isEmpty else {
                throw .invalidInput("a touch takes no \"set\" or \"unset\" (it changes no value)")
            }
            key = try typedKey(object, model: model)
            guard model.operations.update != nil else {
                throw .invalidInput("the API has no update operation for \(model.name)")
            }
            if versioned, model.operations.get == nil {
                throw .invalidInput("\(model.name) is versioned but the API has no get query to fetch its _version")
            }
        case .delete:
            guard set == nil, unset.isEmpty else { throw .invalidInput("a delete takes no \"set\" or \"unset\"") }
            key = try typedKey(object, model: model)
            guard model.operations.delete != nil else {
                throw .invalidInput("the API has no delete operation for \(model.name)")
            }
            if versioned, model.operations.get == nil {
                throw .invalidInput("\(model.name) is versioned but the API has no get query to fetch its _version")
            }
            if atomic {
                if versioned {
                    throw .invalidInput(
                        "\(wording.name(.atomic)) cannot undo a delete of \(model.name): it is versioned, and a deleted record stays as a tombstone that cannot be re-created"
                    )
                }
                if model.operations.get == nil || model.operations.create == nil {
                    throw .invalidInput(
                        "\(wording.name(.atomic)) cannot undo a delete of \(model.name): the API needs a get query and a create mutation for it"
                    )
                }
            }
        }
        if kind == .upsert, object["if"] != nil || expectVersion != nil {
            throw .invalidInput("an upsert takes no \"if\" or \"expectVersion\" (the record may not exist)")
        }
        return BatchOperation(
            line: number, kind: kind, model: model, key: key, changes: changes, edits: edits,
            createFields: upsertFields, condition: condition, expectVersion: expectVersion, versioned: versioned,
            digest: digest, keyGiven: object["key"] != nil)
    }

    /// A create with `"next": FIELD`: `"key"` names the sequence's parent, and the record takes the
    /// number one past the parent's largest when it runs (`RecordService.createNext`); `"start"` is an
    /// empty parent's first number (default 1). Refused in a journaled run: after an interruption a
    /// create that was sent but not journaled could not be told from a new one, and the resumed run
    /// would number the record a second time.
    private func nextCreate(
        _ object: JSONObject, model: Model, set: JSONObject, number: Int, bytes: () -> [UInt8], versioned: Bool,
        digest: String
    ) throws(GQLPatchError) -> BatchOperation {
        guard let field = object["next"]?.stringValue, FieldName.isValid(field) else {
            throw .invalidInput(
                object["next"] == nil
                    ? "\"start\" needs \"next\"" : "\"next\" must be a field name, got \(object["next"]!.serialized())")
        }
        var start = 1
        if let value = object["start"] {
            let range = -NumericLimits.graphQLIntMax...NumericLimits.graphQLIntMax
            guard let number = value.intValue, range.contains(number) else {
                throw .invalidInput(
                    "\"start\" must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(value.serialized())"
                )
            }
            start = number
        }
        if journaled {
            throw .invalidInput(
                "a \"next\" create cannot be journaled: after an interruption, a create sent but not yet journaled could not be told from one never sent, and resuming would number the record again"
            )
        }
        guard let parent = object["key"]?.objectValue else {
            throw .invalidInput(
                "a \"next\" create needs \"key\": the parent whose sequence the record joins (an object of its partition key)"
            )
        }
        let sequence = try SequenceDescription.resolve(
            model: model, parent: keyAssignments(parent), orderField: field, orderSource: .next, catalogue: catalogue,
            readFile: Self.noFiles, wording: wording)
        if set[field] != nil { throw .invalidInput("\"set\" \(field): the number is \"next\"'s to choose") }
        if set[sequence.parentField] != nil {
            throw .invalidInput("\"set\" \(sequence.parentField): the parent is given in \"key\"")
        }
        var placeholder = sequence.parent
        placeholder[field] = .int(start)
        var made = JSONObject()
        if model.primaryKey == ["id"] {
            made["id"] = .string(Self.madeID(lineNumber: number, bytes: bytes()))
            placeholder["id"] = made["id"]
        }
        var changes = try createFields(set, key: placeholder, model: model)
        for (name, value) in made { changes[name] = value }
        var operation = BatchOperation(
            line: number, kind: .create, model: model, key: sequence.parent, changes: changes,
            condition: nil, expectVersion: nil, versioned: versioned, digest: digest, keyGiven: true)
        operation.sequence = sequence
        operation.start = start
        return operation
    }

    /// The line's `"merge"` (objects merged into the record's, RFC 7396) and list and counter edits,
    /// typed by the update input (`"append": {"tags": ["a", "b"]}`, `"incr": {"stock": 2}`).
    private func editsOf(_ object: JSONObject, model: Model, key: JSONObject, builder: ChangeSetBuilder)
        throws(GQLPatchError) -> ChangeSet
    {
        var requests: [EditRequest] = []
        for (member, kind) in Self.editKeys {
            guard let fields = try objectMember(member, of: object) else { continue }
            for (name, value) in fields {
                if kind == .increment {
                    requests.append(EditRequest(kind, FieldAssignment(field: name, value: .parsed(value))))
                    continue
                }
                guard let items = value.arrayValue else {
                    throw .invalidInput(
                        "\"\(member)\" \(name) must be a list of items, got \(PatchFile.kind(of: value))")
                }
                for item in items {
                    requests.append(EditRequest(kind, FieldAssignment(field: name, value: .parsed(item))))
                }
            }
        }
        let merge = try objectMember("merge", of: object)
        guard merge != nil || !requests.isEmpty else { return ChangeSet(key: key, changes: JSONObject()) }
        return try builder.build(
            model: model, key: .typed(key), patch: merge, changes: [], edits: requests,
            mergesPatchObjects: true)
    }

    // MARK: - Members

    private func objectMember(_ name: String, of object: JSONObject) throws(GQLPatchError) -> JSONObject? {
        guard let value = object[name] else { return nil }
        guard let members = value.objectValue else {
            throw .invalidInput("\"\(name)\" must be an object of fields, got \(PatchFile.kind(of: value))")
        }
        return members
    }

    private func unsetFields(_ object: JSONObject) throws(GQLPatchError) -> [String] {
        guard let value = object["unset"] else { return [] }
        guard let items = value.arrayValue else {
            throw .invalidInput("\"unset\" must be a list of field names, got \(PatchFile.kind(of: value))")
        }
        var names: [String] = []
        for item in items {
            guard let name = item.stringValue, FieldName.isValid(name) else {
                throw .invalidInput("\"unset\" must be a list of field names, got \(item.serialized())")
            }
            if names.contains(name) { throw .invalidInput("\(name) is twice in \"unset\"") }
            names.append(name)
        }
        return names
    }

    private func typedKey(_ object: JSONObject, model: Model) throws(GQLPatchError) -> JSONObject {
        guard let value = object["key"] else {
            throw .invalidInput(
                "missing \"key\" (\(model.name)'s primary key: \(model.primaryKey.joined(separator: ", ")))")
        }
        guard let fields = value.objectValue else {
            throw .invalidInput("\"key\" must be an object of key fields, got \(PatchFile.kind(of: value))")
        }
        let builder = ChangeSetBuilder(catalogue: catalogue, readFile: Self.noFiles, wording: wording)
        return try builder.key(model: model, .fields(keyAssignments(fields)))
    }

    private func keyAssignments(_ key: JSONObject) -> [FieldAssignment] {
        key.map { FieldAssignment(field: $0.key, value: .parsed($0.value)) }
    }

    /// The fields of a create besides the key, typed by the create input; required fields must be there.
    private func createFields(_ set: JSONObject, key: JSONObject, model: Model) throws(GQLPatchError) -> JSONObject {
        guard let inputName = model.operations.createInput, model.operations.create != nil,
            let input = catalogue.inputObjects[inputName]
        else { throw .invalidInput("the API has no create operation for \(model.name)") }
        let typer = ValueTyper(catalogue: catalogue)
        var typed = JSONObject()
        for (name, value) in set {
            if key[name] != nil || model.primaryKey.contains(name) {
                throw .invalidInput("\(name) is part of the primary key; give it in \"key\"")
            }
            guard let field = input.field(name) else {
                let names = input.fields.map(\.name).filter { !model.primaryKey.contains($0) && $0 != "_version" }
                if let suggestion = FieldSuggestion.closest(to: name, among: names) {
                    throw .unknownName(
                        "unknown field \(ValueTyper.quoted(name)) for \(model.name); did you mean \(ValueTyper.quoted(suggestion))?"
                    )
                }
                throw .unknownName(
                    "unknown field \(ValueTyper.quoted(name)) for \(model.name) (fields: \(names.joined(separator: ", ")))"
                )
            }
            if name == "_version" { throw .invalidInput("_version is kept by conflict resolution and cannot be set") }
            typed[name] = try typer.value(fromJSON: value, as: field.type, at: "\(model.name).\(name)")
        }
        for field in input.fields where field.type.isNonNull && key[field.name] == nil && typed[field.name] == nil {
            throw .invalidInput("\(model.name).\(field.name): missing required field (\(field.type)) for a create")
        }
        return typed
    }

    // MARK: - Helpers

    /// `apply` lines never read files.
    @Sendable package static func noFiles(_ path: String) throws(GQLPatchError) -> [UInt8] {
        throw .invalidInput("values cannot be read from a file in apply input")
    }

    /// The first 15 hex digits of the SHA-256 of the bytes.
    package static func digest(_ bytes: [UInt8]) -> String {
        var hash = SHA256()
        bytes.withUnsafeBytes { hash.update(bufferPointer: $0) }
        return String(hash.finalize().hexString.prefix(15))
    }

    /// A UUID-shaped id made from the line number and text: the same line always gets the same id,
    /// so a retried or resumed create cannot make a second record.
    package static func madeID(lineNumber: Int, bytes: [UInt8]) -> String {
        var hash = SHA256()
        let prefix = Array("gqlpatch-apply:\(lineNumber):".utf8)
        prefix.withUnsafeBytes { hash.update(bufferPointer: $0) }
        bytes.withUnsafeBytes { hash.update(bufferPointer: $0) }
        var b = Array(hash.finalize().bytes.prefix(16))
        b[6] = (b[6] & 0x0F) | 0x50
        b[8] = (b[8] & 0x3F) | 0x80
        let digits = Array("0123456789abcdef")
        let hex = String(b.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
        let parts = [
            hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4),
            hex.dropFirst(20),
        ]
        return parts.map(String.init).joined(separator: "-")
    }
}
