import Foundation
import JSON
import Testing

/// `--preview` (issue 17 #6): reads the record and prints, field by field, what `update`, `upsert` and
/// `delete` would change; it never writes (the emulator's request log holds no mutation).
@Suite struct PreviewEndToEndTests {
    static let schema = EditEndToEndTests.schema

    static func mutations(_ emulator: Emulator) throws -> [JSONValue] {
        try emulator.bodies().filter { ($0["query"]?.stringValue ?? "").hasPrefix("mutation") }
    }

    @Test func previewsPrintTheChangesAndWriteNothing() throws {
        let emulator = try EditEndToEndTests.emulator("none")
        defer { emulator.stop() }
        _ = try emulator.gqlpatch(
            [
                "create", "Item", "--set", "id=v1", "--set", "name=Chair", "--set", "stock:=3", "--set",
                "tags:=[\"a\"]",
                "--set", #"imageFile:={"bucket": "b", "region": "r", "key": "old.png"}"#,
            ], schema: Self.schema)
        let writes = try Self.mutations(emulator).count

        let update = try emulator.gqlpatch(
            [
                "--compact", "update", "Item", "--id", "v1", "--set", "name=Lamp", "--set", "imageFile.key=new.png",
                "--add", "tags=b", "--incr", "stock=2", "--preview",
            ], schema: Self.schema)
        #expect(update.status == 0, "\(update)")
        #expect(
            try update.singleDocument()
                == [
                    "key": ["id": "v1"],
                    "changes": [
                        "name": ["from": "Chair", "to": "Lamp"], "imageFile.key": ["from": "old.png", "to": "new.png"],
                        "tags": ["from": ["a"], "to": ["a", "b"]], "stock": ["from": 3, "to": 5],
                    ],
                ])
        #expect(update.stderr.isEmpty, "no colour off a terminal: \(update.stderr)")

        let existing = try emulator.gqlpatch(
            ["--compact", "upsert", "Item", "--id", "v1", "--set", "name=Chair", "--preview"], schema: Self.schema)
        #expect(try existing.singleDocument() == ["key": ["id": "v1"], "changes": [:]], "nothing would change")
        let absent = try emulator.gqlpatch(
            ["--compact", "upsert", "Item", "--id", "v2", "--set", "name=New", "--incr", "stock=1", "--preview"],
            schema: Self.schema)
        #expect(
            try absent.singleDocument() == ["key": ["id": "v2"], "create": ["id": "v2", "name": "New", "stock": 1]])

        let delete = try emulator.gqlpatch(
            ["--compact", "delete", "Item", "--id", "v1", "--preview"], schema: Self.schema)
        #expect(try delete.singleDocument()["delete"]?["name"] == "Chair")
        let missing = try emulator.gqlpatch(
            ["update", "Item", "--id", "v9", "--set", "name=x", "--preview"], schema: Self.schema)
        missing.expectFailure(3, "gqlpatch: error: no Item id=v9")

        #expect(try Self.mutations(emulator).count == writes, "a preview sends no mutation")
        #expect(try Self.stored(emulator)["name"] == "Chair")
    }

    @Test func applyPreviewsEachLineAndWritesNothing() throws {
        let emulator = try EditEndToEndTests.emulator("none")
        defer { emulator.stop() }
        _ = try emulator.gqlpatch(
            ["create", "Item", "--set", "id=p1", "--set", "name=Chair", "--set", "stock:=1"], schema: Self.schema)
        let writes = try Self.mutations(emulator).count
        let lines = [
            #"{"op": "update", "model": "Item", "key": {"id": "p1"}, "set": {"name": "Lamp"}, "incr": {"stock": 2}}"#,
            #"{"op": "upsert", "model": "Item", "key": {"id": "p2"}, "set": {"name": "New"}}"#,
            #"{"op": "delete", "model": "Item", "key": {"id": "p1"}}"#,
            #"{"op": "update", "model": "Item", "key": {"id": "p9"}, "set": {"name": "x"}}"#,
        ]
        let input = try emulator.file("lines.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try emulator.gqlpatch(["apply", input, "--preview"], schema: Self.schema)
        #expect(result.status == 0, "\(result)")
        let printed = try result.stdout.split(separator: "\n").map { try JSONValue.parse(Array($0.utf8)) }
        #expect(printed.count == 4, "\(result.stdout)")
        #expect(
            printed.first
                == [
                    "line": 1, "key": ["id": "p1"],
                    "changes": ["name": ["from": "Chair", "to": "Lamp"], "stock": ["from": 1, "to": 3]],
                ])
        #expect(printed.dropFirst().first == ["line": 2, "key": ["id": "p2"], "create": ["id": "p2", "name": "New"]])
        #expect(printed.dropFirst(2).first?["delete"]?["name"] == "Chair")
        #expect(printed.last == ["line": 4, "key": ["id": "p9"], "error": "no Item id=p9"])
        #expect(try Self.mutations(emulator).count == writes, "a preview sends no mutation")
    }

    static func stored(_ emulator: Emulator) throws -> JSONValue { try EditEndToEndTests.stored(emulator, "v1") }

    /// On a terminal (`script` gives stderr one), the preview also writes a coloured diff to stderr;
    /// `NO_COLOR` turns it off.
    @Test func onATerminalThePreviewIsColouredUnlessNoColor() throws {
        let emulator = try EditEndToEndTests.emulator("none")
        defer { emulator.stop() }
        _ = try emulator.gqlpatch(["create", "Item", "--set", "id=t1", "--set", "name=Chair"], schema: Self.schema)
        let out = emulator.folder.appendingPathComponent("preview.json").path
        let log = emulator.folder.appendingPathComponent("typescript").path
        let command =
            [
                TestPaths.binary, "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema",
                Self.schema,
                "update", "Item", "--id", "t1", "--set", "name=Sofa", "--preview",
            ].map { "'\($0)'" }.joined(separator: " ") + " >'\(out)'"
        for noColor in [false, true] {
            // `script`'s own input from /dev/null: from a closed pipe it can hang up before copying the output.
            let result = try CommandRunner.run(
                "/bin/sh",
                [
                    "-c",
                    (noColor ? "NO_COLOR=1 exec" : "exec env -u NO_COLOR")
                        + " /usr/bin/script -qec \"$0\" \"$1\" </dev/null",
                    command, log,
                ])
            #expect(result.status == 0, "\(result)")
            let typescript = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let coloured = "name: \u{1B}[31m\"Chair\"\u{1B}[0m -> \u{1B}[32m\"Sofa\"\u{1B}[0m"
            #expect(typescript.contains(coloured) == !noColor, "NO_COLOR \(noColor): \(typescript)")
            let printed = try JSONValue.parse(Array((try String(contentsOfFile: out, encoding: .utf8)).utf8))
            #expect(printed["changes"]?["name"]?["to"] == "Sofa", "stdout keeps its one document")
        }
    }
}
