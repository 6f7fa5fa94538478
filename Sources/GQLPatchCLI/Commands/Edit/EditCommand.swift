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
        let builder = ChangeSetBuilder(catalogue: catalogue, readFile: context.readFile, wording: CommandLineWording())
        let key = try builder.key(model: model, options.key)
        let session = CommandSession(settings: settings, context: context)
        let edit = try await RecordEdit.open(model, key: key, records: session.records(), builder: builder)
        let guardTerm = try self.guardTerm(edit)
        let editor = try EditorSession.make(
            name: "\(model.name)-\(key.map { Self.text($0.value) }.joined(separator: "-"))", environment: environment)
        // The folder goes however the edit ends (an editor that failed or removed the file, an
        // unreadable file, a refusal), except when a failed update keeps the edit for the user.
        var keptForTheUser = false
        defer { if !keptForTheUser { editor.remove() } }
        let changes = try edited(edit, editor: editor)
        if changes.changes.isEmpty {
            session.console.message("gqlpatch: note: nothing changed in the editor; nothing was sent")
            try session.printRecord(.object(edit.printed), envelope: nil)
            return
        }
        do throws(GQLPatchError) {
            switch try await session.records().update(edit.update(changes, condition: guardTerm)) {
            case .updated(let item, let response, _):
                try session.printRecord(item, envelope: response?.envelope)
            case .unchanged(let now, let read):
                session.console.message("gqlpatch: note: nothing to change: \(edit.name) already holds these values")
                try session.printRecord(
                    .object(SelectionProjection.project(now, onto: edit.selection)), envelope: read.envelope)
            }
        } catch {
            keptForTheUser = true
            session.console.message("gqlpatch: your edit is kept in \(editor.path)")
            throw error
        }
    }

    /// Opens the editor until it saves an edit that reads as changes (a refused one reopens it with
    /// the error at the top); an editor that fails, or leaves no file, gives up with nothing sent.
    private func edited(_ edit: RecordEdit, editor: EditorSession) throws(GQLPatchError) -> ChangeSet {
        var text = JSONValue.object(edit.shown).serialized(pretty: true) + "\n"
        var problem: String?
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
            text = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix(Self.header) }.joined(separator: "\n")
            do throws(GQLPatchError) {
                return try edit.changes(text)
            } catch {
                problem = error.message
            }
        }
    }

    /// The condition that makes the write fail if someone wrote the record since it was read: none for a
    /// versioned model (its version guards it), else `updatedAt` as read.
    private func guardTerm(_ edit: RecordEdit) throws(GQLPatchError) -> JSONValue? {
        if edit.versioned || options.unguarded { return nil }
        do throws(WriteGuard.Unavailable) {
            return try WriteGuard(catalogue: settings.catalogue, model: edit.model).updatedAtTerm(
                record: edit.record, writing: "the edited fields")
        } catch {
            throw .invalidInput("\(edit.name): \(error.reason); nothing was opened (--unguarded edits it anyway)")
        }
    }

    private static func text(_ value: JSONValue) -> String {
        value.stringValue ?? value.serialized()
    }
}
