import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import JSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `gqlpatch edit`: reads the record, opens its writable fields as indented JSON in the editor, and
/// on save types the result and sends only the fields that changed, guarded by the version read (or,
/// unversioned, `updatedAt` as read). An invalid edit reopens the editor with the error at the top; an
/// editor that exits non-zero aborts; a conflict keeps the edited file and says where.
package struct EditCommand: Sendable {
    package var options: EditOptions
    package var settings: Settings
    package var context: RunContext
    package var environment: [String: String]

    private static let header = "// "

    package func run() async throws(GQLPatchError) {
        let catalogue = settings.catalogue
        let model = try ModelLookup.model(named: options.model, in: catalogue)
        try VersionScheme.checkWritable(model)
        guard let inputName = model.operations.updateInput, let input = catalogue.inputObjects[inputName],
            model.operations.get != nil
        else { throw .invalidInput("the API cannot read and update \(model.name)") }
        let wording = CommandLineWording()
        let builder = ChangeSetBuilder(catalogue: catalogue, readFile: context.readFile, wording: wording)
        let key = try builder.key(model: model, options.key)
        let name = ModelLookup.describe(model: model, key: key)
        let versioned = RecordService.isVersioned(model, under: settings.conflictResolution)
        let scheme = VersionScheme.of(model)
        let selections = SelectionBuilder(catalogue: catalogue, wording: wording)
        let selection = selections.defaultSelection(for: model)
        var fetch = versioned ? scheme.fetchSelection(selection) : selection
        if !versioned, model.field("updatedAt") != nil, !fetch.contains("updatedAt") {
            fetch.fields.append(SelectionSet.Field(name: "updatedAt"))
        }
        let session = CommandSession(settings: settings, context: context)
        let read = try await session.records().read(model, key: key, selection: fetch)
        guard let record = read.record, record["_deleted"] != .bool(true) else {
            throw GQLPatchError(.notFound, "no \(name)")
        }
        // The fields the update input can change, as read.
        let kept: Set<String> = ["_version", "_deleted", "_lastChangedAt"]
        let versionFields = model.fieldVersioning.map { [$0.versionField, $0.versionInput] } ?? []
        let writable = input.fields.map(\.name).filter {
            !model.primaryKey.contains($0) && !kept.contains($0) && !versionFields.contains($0)
                && model.field($0) != nil
        }
        let shown = JSONObject(writable.map { ($0, record[$0] ?? .null) })
        let guardTerm = try self.guardTerm(model: model, record: record, versioned: versioned, name: name)

        let editor = try EditorSession.make(
            name: "\(model.name)-\(key.map { Self.text($0.value) }.joined(separator: "-"))", environment: environment)
        // The folder goes however the edit ends (an editor that failed or removed the file, an
        // unreadable file, a refusal), except when a failed update keeps the edit for the user.
        var keptForTheUser = false
        defer { if !keptForTheUser { editor.remove() } }
        var text = JSONValue.object(shown).serialized(pretty: true) + "\n"
        var problem: String?
        var changes: ChangeSet
        while true {
            let note =
                problem.map {
                    Self.header + "error: \($0)\n" + Self.header
                        + "fix it and save, or quit the editor with an error to give up\n"
                } ?? ""
            try editor.write(note + text)
            let status = try editor.run()
            guard status == 0 else {
                throw GQLPatchError(
                    .graphQLError, "the editor (\(editor.editor)) exited with status \(status); nothing was sent")
            }
            guard access(editor.path, F_OK) == 0 else {
                throw GQLPatchError(
                    .unreadableFile,
                    "the editor (\(editor.editor)) left no file at \(editor.path); nothing was sent (save the file before quitting the editor)"
                )
            }
            let bytes = try context.files.read(editor.path, limit: .valueFile)
            let edited = String(decoding: bytes, as: UTF8.self)
            text = edited.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix(Self.header) }.joined(separator: "\n")
            do throws(GQLPatchError) {
                changes = try self.changes(
                    text, shown: shown, writable: writable, model: model, key: key, builder: builder)
                break
            } catch {
                problem = error.message
            }
        }
        if changes.changes.isEmpty {
            session.console.message("gqlpatch: note: nothing changed in the editor; nothing was sent")
            try session.printRecord(.object(SelectionProjection.project(record, onto: selection)), envelope: nil)
            return
        }
        let target = UpdateTarget(
            model: model, changeSet: changes, condition: guardTerm,
            expectVersion: versioned ? record[scheme.recordField]?.intValue : nil,
            selection: selection, fetchSelection: fetch, versioned: versioned)
        do throws(GQLPatchError) {
            switch try await session.records().update(target) {
            case .updated(let item, let response, _):
                try session.printRecord(item, envelope: response?.envelope)
            case .unchanged(let now, let read):
                session.console.message("gqlpatch: note: nothing to change: \(name) already holds these values")
                try session.printRecord(
                    .object(SelectionProjection.project(now, onto: selection)), envelope: read.envelope)
            }
        } catch {
            keptForTheUser = true
            session.console.message("gqlpatch: your edit is kept in \(editor.path)")
            throw error
        }
    }

    /// The edited text as the changes to send: every writable field whose value differs from the one
    /// shown (a field taken out of the JSON is removed: null), typed by the update input.
    private func changes(
        _ text: String, shown: JSONObject, writable: [String], model: Model, key: JSONObject,
        builder: ChangeSetBuilder
    ) throws(GQLPatchError) -> ChangeSet {
        let value: JSONValue
        do {
            value = try JSONValue.parse(Array(text.utf8))
        } catch {
            throw .invalidInput("line \(error.line), column \(error.column): \(error.message)")
        }
        guard let edited = value.objectValue else {
            throw .invalidInput("the file must hold one JSON object of the record's fields")
        }
        for name in edited.keys where !writable.contains(name) {
            throw .invalidInput("\(name) cannot be changed here (fields: \(writable.joined(separator: ", ")))")
        }
        let comparer = ResponseComparer(catalogue: settings.catalogue, model: model)
        var patch = JSONObject()
        for name in writable {
            let new = edited[name] ?? .null
            let type = model.field(name)?.type ?? .named("String")
            if !comparer.same(shown[name] ?? .null, new, type: type) { patch[name] = new }
        }
        return try builder.build(
            model: model, key: .fields(key.map { FieldAssignment(field: $0.key, value: .parsed($0.value)) }),
            patch: patch, changes: [])
    }

    /// The condition that makes the write fail if someone wrote the record since it was read: none for a
    /// versioned model (its version guards it), else `updatedAt` as read.
    private func guardTerm(model: Model, record: JSONObject, versioned: Bool, name: String) throws(GQLPatchError)
        -> JSONValue?
    {
        if versioned || options.unguarded { return nil }
        do throws(WriteGuard.Unavailable) {
            return try WriteGuard(catalogue: settings.catalogue, model: model).updatedAtTerm(
                record: record, writing: "the edited fields")
        } catch {
            throw .invalidInput("\(name): \(error.reason); nothing was opened (--unguarded edits it anyway)")
        }
    }

    private static func text(_ value: JSONValue) -> String {
        value.stringValue ?? value.serialized()
    }
}
