import Foundation
import JSON
import Testing

/// `gqlpatch edit` (issue 17 #7) with `EDITOR` set to scripts that edit the file as a user would.
@Suite struct EditCommandEndToEndTests {
    static let schema = EditEndToEndTests.schema

    /// An editor script in the emulator's folder; `$1` is the file to edit.
    static func editor(_ emulator: Emulator, _ name: String, _ body: String) throws -> String {
        let path = try emulator.file(name, "#!/bin/sh\n" + body + "\n")
        guard chmod(path, 0o755) == 0 else { throw HarnessError("chmod \(path)") }
        return path
    }

    static func mutations(_ emulator: Emulator) throws -> [JSONValue] {
        try emulator.bodies().filter { ($0["query"]?.stringValue ?? "").hasPrefix("mutation") }
    }

    @Test func anEditSendsOnlyWhatChangedAndAnUnchangedFileSendsNothing() throws {
        let emulator = try EditEndToEndTests.emulator("none")
        defer { emulator.stop() }
        _ = try emulator.gqlpatch(
            ["create", "Item", "--set", "id=d1", "--set", "name=Chair", "--set", "stock:=4"], schema: Self.schema)
        let rename = try Self.editor(
            emulator, "rename.sh", #"sed -i 's/"name": "Chair"/"name": "Bench"/' "$1""#)
        let changed = try emulator.gqlpatch(
            ["edit", "Item", "--id", "d1"], schema: Self.schema, environment: ["EDITOR": rename])
        #expect(changed.status == 0, "\(changed)")
        #expect(try changed.singleDocument()["name"] == "Bench")
        let sent = try emulator.inputs(of: "UpdateItem")
        #expect(
            sent.map { $0.objectValue?.keys.sorted() ?? [] } == [["id", "name"]], "only the changed field: \(sent)")
        let guardSent = try emulator.bodies().last { $0["operationName"]?.stringValue == "UpdateItem" }
        #expect(guardSent?["variables"]?["condition"]?["updatedAt"]?["eq"] != nil, "guarded by updatedAt as read")

        let writes = try Self.mutations(emulator).count
        let same = try emulator.gqlpatch(
            ["edit", "Item", "--id", "d1"], schema: Self.schema, environment: ["EDITOR": "true"])
        #expect(same.status == 0, "\(same)")
        #expect(same.stderr.contains("gqlpatch: note: nothing changed in the editor; nothing was sent"))
        let giveUp = try emulator.gqlpatch(
            ["edit", "Item", "--id", "d1"], schema: Self.schema, environment: ["EDITOR": "false"])
        giveUp.expectFailure(1, "gqlpatch: error: the editor (false) exited with status 1; nothing was sent")
        #expect(try Self.mutations(emulator).count == writes)
    }

    @Test func anInvalidEditReopensTheEditorWithTheError() throws {
        let emulator = try EditEndToEndTests.emulator("none")
        defer { emulator.stop() }
        _ = try emulator.gqlpatch(["create", "Item", "--set", "id=d2", "--set", "name=Chair"], schema: Self.schema)
        let marker = emulator.folder.appendingPathComponent("opened-once").path
        let seen = emulator.folder.appendingPathComponent("second-opening.txt").path
        let script = try Self.editor(
            emulator, "twice.sh",
            """
            if [ ! -f '\(marker)' ]; then touch '\(marker)'; sed -i 's/"stock": null/"stock": "many"/' "$1"; exit 0; fi
            cp "$1" '\(seen)'
            sed -i 's/"stock": "many"/"stock": 7/' "$1"
            """)
        let result = try emulator.gqlpatch(
            ["edit", "Item", "--id", "d2"], schema: Self.schema, environment: ["EDITOR": script])
        #expect(result.status == 0, "\(result)")
        #expect(try result.singleDocument()["stock"] == .int(7))
        let reopened = try String(contentsOfFile: seen, encoding: .utf8)
        #expect(reopened.hasPrefix("// error: Item.stock: "), "\(reopened)")
    }

    @Test func aConflictKeepsTheEditedFileAndWritesNothing() throws {
        let emulator = try EditEndToEndTests.emulator("none")
        defer { emulator.stop() }
        _ = try emulator.gqlpatch(["create", "Item", "--set", "id=d3", "--set", "name=Chair"], schema: Self.schema)
        // While the file is open, another writer changes the record.
        let other = [
            TestPaths.binary, "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", Self.schema,
            "update", "Item", "--id", "d3", "--set", "stock:=1",
        ].map { "'\($0)'" }.joined(separator: " ")
        let script = try Self.editor(
            emulator, "racing.sh", other + " >/dev/null\n" + #"sed -i 's/"name": "Chair"/"name": "Mine"/' "$1""#)
        let result = try emulator.gqlpatch(
            ["edit", "Item", "--id", "d3"], schema: Self.schema, environment: ["EDITOR": script])
        result.expectFailure(2, "gqlpatch: your edit is kept in ")
        let kept =
            result.stderr.split(separator: "\n").first.map {
                String($0.dropFirst("gqlpatch: your edit is kept in ".count))
            } ?? ""
        #expect((try? String(contentsOfFile: kept, encoding: .utf8))?.contains(#""name": "Mine""#) == true, "\(result)")
        let stored = try EditEndToEndTests.stored(emulator, "d3")
        #expect(stored["name"] == "Chair", "the other writer's change is not overwritten")
        #expect(stored["stock"] == .int(1))
        try? FileManager.default.removeItem(atPath: (kept as NSString).deletingLastPathComponent)
    }

    /// However an edit ends without keeping the file for the user, its private folder goes with it:
    /// saved, unchanged, given up, the file removed by the editor, a backup left beside it.
    @Test func everyEndOfAnEditLeavesTheTemporaryFolderEmpty() throws {
        let emulator = try EditEndToEndTests.emulator("none")
        defer { emulator.stop() }
        _ = try emulator.gqlpatch(["create", "Item", "--set", "id=d4", "--set", "name=Chair"], schema: Self.schema)
        let temporary = emulator.folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let cases: [(editor: String, status: Int32, stderr: String)] = [
            (#"sed -i 's/"name": "Chair"/"name": "Stool"/' "$1""#, 0, ""),
            ("true", 0, "gqlpatch: note: nothing changed in the editor; nothing was sent"),
            ("exit 3", 1, "gqlpatch: error: the editor ("),
            (#"rm "$1""#, 66, "gqlpatch: error: the editor ("),
            (#"cp "$1" "$1~"; sed -i 's/"name": "Stool"/"name": "Bench"/' "$1""#, 0, ""),
        ]
        for (index, end) in cases.enumerated() {
            let script = try Self.editor(emulator, "end\(index).sh", end.editor)
            let result = try emulator.gqlpatch(
                ["edit", "Item", "--id", "d4"], schema: Self.schema,
                environment: ["EDITOR": script, "TMPDIR": temporary.path])
            #expect(result.status == end.status, "\(end.editor): \(result)")
            #expect(result.stderr.hasPrefix(end.stderr), "\(end.editor): \(result)")
            let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
            #expect(left.isEmpty, "\(end.editor) left \(left) in TMPDIR")
        }
        #expect(try EditEndToEndTests.stored(emulator, "d4")["name"] == "Bench")
    }
}
