import Foundation
import JSON
import Testing

/// v1 `@versioned` (issue 15 item 2): gqlpatch reads the schema the real v1 transformer compiled, fetches
/// `version`, sends it as `expectedVersion`, retries when another writer moved it, maps `--expect-version`
/// to it, and deletes with it, against the emulator serving that same compiled schema
/// (`--serve-compiled`) with the resolvers' semantics. Before, every update it planned lacked the
/// required `expectedVersion` and `--expect-version` said the model was not versioned.
@Suite struct FieldVersionedEndToEndTests {
    static let source = """
        type Note @model @versioned {
          id: ID!
          title: String!
          body: String
        }
        """

    /// The emulator serving the real transformer's output, the compiled SDL for `--schema`, and a Note
    /// `n1` at version 1. `arguments` go to the emulator.
    static func served(_ arguments: [String] = []) throws -> (Emulator, String) {
        let modules =
            ProcessInfo.processInfo.environment["GQLPATCH_V1_TRANSFORMER"]
            ?? TestPaths.packageRoot.appendingPathComponent(".venv/v1-transformer/package/node_modules").path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-v1-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sourcePath = folder.appendingPathComponent("schema.graphql")
        try source.write(to: sourcePath, atomically: true, encoding: .utf8)
        let compiled = try CommandRunner.run(
            "/usr/bin/env",
            [
                "node", TestPaths.packageRoot.appendingPathComponent("Tests/V1Transformer/compile.js").path,
                "--modules", modules, "--schema", sourcePath.path,
            ], timeout: 120)
        guard compiled.status == 0 else {
            throw HarnessError("the real v1 transformer (make v1-transformer) failed: \(compiled.stderr)")
        }
        let output = folder.appendingPathComponent("compiled.json")
        try compiled.stdout.write(to: output, atomically: true, encoding: .utf8)
        let emulator = try Emulator(
            servingCompiled: output.path, arguments: ["--api-key", Emulator.apiKey] + arguments)
        guard let sdl = try JSONValue.parse(compiled.stdout)["schema"]?.stringValue else {
            throw HarnessError("compile.js printed no schema")
        }
        let schema = try emulator.file("compiled.graphql", sdl)
        let created = try emulator.create("Note", ["id": "n1", "title": "First"], select: "id version")
        try #require(created["version"] == 1)
        return (emulator, schema)
    }

    func stored(_ emulator: Emulator) throws -> JSONValue {
        let response = try emulator.graphQL(#"query { getNote(id: "n1") { id title body version } }"#)
        return response["data"]?["getNote"] ?? .null
    }

    @Test func updateFetchesTheVersionAndSendsItAsExpectedVersion() throws {
        let (emulator, schema) = try Self.served()
        defer { emulator.stop() }
        let before = try emulator.bodies().count
        let result = try emulator.gqlpatch(["update", "Note", "--id", "n1", "--set", "body=hello"], schema: schema)
        let record = try result.singleDocument()
        #expect(record["body"] == "hello")
        #expect(record["version"] == 2)
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(try emulator.operationNames().dropFirst(before) == ["GetNote", "UpdateNote"])
        #expect(try emulator.inputs(of: "UpdateNote").last == ["id": "n1", "body": "hello", "expectedVersion": 1])
        #expect(try stored(emulator) == ["id": "n1", "title": "First", "body": "hello", "version": 2])
    }

    /// Another writer moves the version between gqlpatch's read and its write: the write fails its
    /// condition, gqlpatch sees the new version, says so, reads again and retries with it.
    @Test func aConflictIsRetriedWithTheNewVersion() throws {
        // Request 1 is the seeding create, 2 gqlpatch's read; the other writer goes right after it.
        let (emulator, schema) = try Self.served(Self.writeAfter(2, from: 1, body: "other"))
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["update", "Note", "--id", "n1", "--set", "title=Mine"], schema: schema)
        let record = try result.singleDocument()
        #expect(record["version"] == 3)
        #expect(
            result.stderr
                == "gqlpatch: version conflict (version 1 was read, the record is at 2 now); refetching and retrying (1/3)\n",
            "\(result)")
        #expect(
            try emulator.inputs(of: "UpdateNote").map { $0["expectedVersion"] } == [1, 2],
            "the stale write, then the retry")
        #expect(try stored(emulator) == ["id": "n1", "title": "Mine", "body": "other", "version": 3])
    }

    @Test func expectVersionRightAndWrong() throws {
        let (emulator, schema) = try Self.served()
        defer { emulator.stop() }
        let wrong = try emulator.gqlpatch(
            ["update", "Note", "--id", "n1", "--set", "body=x", "--expect-version", "4"], schema: schema)
        wrong.expectFailure(
            2, "gqlpatch: error: Note id=n1 is at version 1, not 4 (--expect-version); nothing was written")
        #expect(try emulator.inputs(of: "UpdateNote").isEmpty)

        let right = try emulator.gqlpatch(
            ["update", "Note", "--id", "n1", "--set", "body=y", "--expect-version", "1"], schema: schema)
        #expect(try right.singleDocument()["version"] == 2)
        #expect(try emulator.inputs(of: "UpdateNote").last?["expectedVersion"] == 1)

        let deleteWrong = try emulator.gqlpatch(
            ["delete", "Note", "--id", "n1", "--expect-version", "1"], schema: schema)
        deleteWrong.expectFailure(
            2, "gqlpatch: error: Note id=n1 is at version 2, not 1 (--expect-version); nothing was deleted")
        #expect(try stored(emulator)["version"] == 2)
    }

    /// `--expect-version` with another writer in between: the server refuses the stale version, and the
    /// message says the record changed (exit 2), with no retry.
    @Test func expectVersionMeetsAConcurrentWrite() throws {
        let (emulator, schema) = try Self.served(Self.writeAfter(2, from: 1, body: "other"))
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(
            ["update", "Note", "--id", "n1", "--set", "body=x", "--expect-version", "1"], schema: schema)
        result.expectFailure(
            2, "gqlpatch: error: Note id=n1 changed after version 1 was read (now 2); nothing was written")
        #expect(try stored(emulator)["body"] == "other")
    }

    @Test func deleteSendsTheExpectedVersionAndIsHard() throws {
        let (emulator, schema) = try Self.served()
        defer { emulator.stop() }
        _ = try emulator.gqlpatch(["update", "Note", "--id", "n1", "--set", "body=b"], schema: schema)
        let before = try emulator.bodies().count
        let result = try emulator.gqlpatch(["delete", "Note", "--id", "n1"], schema: schema)
        #expect(try result.singleDocument()["id"] == "n1")
        #expect(result.stderr.isEmpty, "no soft-delete note: \(result)")
        #expect(try emulator.operationNames().dropFirst(before) == ["GetNote", "DeleteNote"])
        #expect(try emulator.inputs(of: "DeleteNote") == [["id": "n1", "expectedVersion": 2]])
        #expect(try stored(emulator) == .null)
    }

    @Test func applyUpdatesAndDeletesWithTheExpectedVersion() throws {
        let (emulator, schema) = try Self.served()
        defer { emulator.stop() }
        try emulator.create("Note", ["id": "n2", "title": "Second"])
        let lines = try emulator.file(
            "lines.jsonl",
            """
            {"op": "update", "model": "Note", "key": {"id": "n1"}, "set": {"body": "applied"}}
            {"op": "delete", "model": "Note", "key": {"id": "n2"}, "expectVersion": 1}
            {"op": "update", "model": "Note", "key": {"id": "n1"}, "set": {"body": "stale"}, "expectVersion": 1}

            """)
        let result = try emulator.gqlpatch(["apply", lines, "-j", "1", "--continue-on-error"], schema: schema)
        #expect(result.status == 4, "\(result)")
        let statuses = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(statuses.map { $0["status"] } == ["updated", "deleted", "conflict"], "\(result.stdout)")
        #expect(
            statuses[2]["error"]?.stringValue?.hasPrefix("Note id=n1 is at version 2, not 1 (expectVersion)") == true)
        #expect(try emulator.inputs(of: "UpdateNote").map { $0["expectedVersion"] } == [1])
        #expect(try emulator.inputs(of: "DeleteNote") == [["id": "n2", "expectedVersion": 1]])
        #expect(try stored(emulator) == ["id": "n1", "title": "First", "body": "applied", "version": 2])
    }

    /// The dry run shows the fetch of `version` and where `expectedVersion` comes from; `--conflict-resolution
    /// off` does not apply (the input requires the field).
    @Test func dryRunShowsTheFetchAndTheExpectedVersion() throws {
        let (emulator, schema) = try Self.served()
        defer { emulator.stop() }
        for flags in [[], ["--conflict-resolution", "off"]] {
            let result = try emulator.gqlpatch(
                flags + ["--dry-run", "update", "Note", "--id", "n1", "--set", "body=x"], schema: schema)
            let steps = try result.singleDocument()["steps"]?.arrayValue ?? []
            #expect(
                steps.map { $0["purpose"] } == [
                    "fetch the record and its version", "update, with expectedVersion = version from step 1",
                ])
            #expect(steps.first?["query"]?.stringValue?.contains("version") == true)
            #expect(
                steps.last?["variables"]?["input"] == [
                    "id": "n1", "body": "x", "expectedVersion": "<version from step 1>",
                ])
        }
        let delete = try emulator.gqlpatch(["--dry-run", "delete", "Note", "--id", "n1"], schema: schema)
        let steps = try delete.singleDocument()["steps"]?.arrayValue ?? []
        #expect(steps.last?["variables"]?["input"] == ["id": "n1", "expectedVersion": "<version from step 1>"])
    }

    /// `touch` against the real transformer's output: a key-only update carrying the version read as
    /// `expectedVersion`; the resolver moves `version` and `updatedAt`, every other value stays (one
    /// record by its key, and every record by `--all`).
    @Test func touchSendsTheKeyAndTheExpectedVersionOnly() throws {
        let (emulator, schema) = try Self.served()
        defer { emulator.stop() }
        try emulator.create("Note", ["id": "n2", "title": "Second", "body": "b"], select: "id version")
        let one = try emulator.gqlpatch(["touch", "Note", "--id", "n1"], schema: schema)
        #expect(one.status == 0, "\(one)")
        #expect(try stored(emulator) == ["id": "n1", "title": "First", "body": .null, "version": 2])
        let all = try emulator.gqlpatch(["touch", "Note", "--all", "--yes"], schema: schema)
        #expect(all.status == 0, "\(all)")
        #expect(try stored(emulator)["version"] == 3)
        let second = try emulator.graphQL(#"query { getNote(id: "n2") { title body version } }"#)
        #expect(second["data"]?["getNote"] == ["title": "Second", "body": "b", "version": 2])
        let inputs = try emulator.inputs(of: "UpdateNote")
        #expect(inputs.count == 3)
        #expect(inputs.allSatisfy { Set($0.objectValue?.keys ?? []) == ["id", "expectedVersion"] }, "\(inputs)")
    }

    /// The version field and input are the resolver's: refused as a change.
    @Test func theVersionFieldCannotBeSet() throws {
        let (emulator, schema) = try Self.served()
        defer { emulator.stop() }
        for field in ["version", "expectedVersion"] {
            let result = try emulator.gqlpatch(
                ["update", "Note", "--id", "n1", "--set", "\(field):=5"], schema: schema)
            result.expectFailure(65, "gqlpatch: error: \(field) is kept by @versioned and cannot be set")
        }
    }

    /// `--write-after`: another writer's update of `n1` from `version`, right after request `request`.
    static func writeAfter(_ request: Int, from version: Int, body: String) -> [String] {
        let write = JSONValue.object([
            "query": "mutation($input: UpdateNoteInput!) { updateNote(input: $input) { id } }",
            "variables": ["input": ["id": "n1", "body": .string(body), "expectedVersion": .int(version)]],
        ])
        return ["--write-after", "\(request):\(write.serialized())"]
    }
}
