import Foundation
import JSON
import Testing

/// How the command line talks back: one error prefix with the place once, the help hint once and
/// for the command at hand, `-j8` like `-j 8`, and `--verbose` naming the config and schema it loaded.
@Suite struct CLIMessagesEndToEndTests {
    private func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func occurrences(of text: String, in string: String) -> Int {
        string.components(separatedBy: text).count - 1
    }

    /// A dry run without credentials shows its plan and says the real run would stop (78), which it does.
    @Test func aDryRunWithoutCredentialsSaysTheRealRunWouldStop() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let command = [
            "--endpoint", "http://127.0.0.1:9/graphql", "--schema", TestPaths.schema, "update", "Item", "--id", "1",
            "--set", "name=Lamp",
        ]
        let dry = try GQLPatchRun.run(["--dry-run"] + command, in: folder)
        #expect(dry.status == 0, "\(dry)")
        #expect(
            dry.stderr.contains(
                "gqlpatch: note: dry run: the real run would stop before sending (exit 78): no credentials to send"),
            "\(dry)")
        let real = try GQLPatchRun.run(command, in: folder)
        real.expectFailure(78, "gqlpatch: error: no credentials to send")
        let open = try GQLPatchRun.run(["--dry-run", "--auth", "none"] + command, in: folder)
        #expect(open.status == 0 && !open.stderr.contains("would stop"), "\(open)")
    }

    /// `gqlpatch` alone prints the command list (issue 34 #4); options without a command are a
    /// usage error that points at the help once.
    @Test func noArgumentsPrintsTheCommandList() throws {
        let alone = try GQLPatchRun.run([])
        #expect(alone.status == 0, "\(alone)")
        #expect(alone.stderr.isEmpty, "\(alone)")
        #expect(alone.stdout.hasPrefix("gqlpatch: partial updates to AWS AppSync (Amplify) GraphQL records.\n"))
        #expect(alone.stdout.contains("\nCommands:\n  update <Model> <key> <change>...   change only the named fields"))
        let result = try GQLPatchRun.run(["--verbose"])
        result.expectFailure(64, "gqlpatch: error: no command given\nRun 'gqlpatch --help' for usage.\n")
        #expect(occurrences(of: "gqlpatch --help", in: result.stderr) == 1, "\(result)")
    }

    /// Mistakes a newcomer makes, each answered with where it is and the way forward: the file an
    /// `@file` value came from, every missing required sub-field at once, "did you mean" for a mask.
    @Test func valueMistakesNameTheirPlace() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"bucket": "#.utf8).write(to: folder.appendingPathComponent("broken.json"))
        let common = [
            "--schema", TestPaths.schema, "--endpoint", "http://127.0.0.1:9/graphql", "--api-key", "da2-abcdefghijkl",
        ]
        let broken = try GQLPatchRun.run(
            common + ["update", "Item", "--id", "1", "--set", "imageFile=@broken.json"], in: folder)
        broken.expectFailure(65, "gqlpatch: error: Item.imageFile: expected JSON for FileInput")
        #expect(broken.stderr.contains("(the value read from broken.json)"), "\(broken)")
        let partial = try GQLPatchRun.run(
            common + ["update", "Item", "--id", "1", "--set", #"imageFile={"bucket":"b"}"#], in: folder)
        partial.expectFailure(65, "gqlpatch: error: Item.imageFile: missing required fields region, key (FileInput)")
        let typo = try GQLPatchRun.run(common + ["export", "--mask", "Item.nmae"], in: folder)
        typo.expectFailure(65, "gqlpatch: error: mask Item.nmae: Item has no field nmae; did you mean name?")
        let model = try GQLPatchRun.run(common + ["export", "--mask", "Itme.name"], in: folder)
        model.expectFailure(65, "gqlpatch: error: mask Itme.name: the schema has no model Itme; did you mean Item?")
    }

    /// No schema anywhere: the message names every way to give one, `schema pull` among them.
    @Test func noSchemaSuggestsSchemaPull() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-noschema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", "https://api.example.com/graphql", "--api-key", "da2-abcdefghijkl", "get", "Item", "--id",
                "1",
            ],
            environment: ["HOME": folder.path], in: folder)
        result.expectFailure(78, "gqlpatch: error: no schema: pass --schema PATH, set GQLPATCH_SCHEMA")
        #expect(
            result.stderr.contains("(gqlpatch schema pull > schema.graphql fetches it from the endpoint)"), "\(result)")
    }

    @Test(arguments: [
        (["update", "Item", "--frob"], "update"),
        (["list", "Item", "--limit", "x"], "list"),
        (["--verbose", "apply", "a.jsonl", "b.jsonl"], "apply"),
        (["get", "Item"], "get"),
    ])
    func anErrorInACommandPointsAtThatCommandsHelp(_ arguments: [String], _ command: String) throws {
        let result = try GQLPatchRun.run(["--schema", TestPaths.schema] + arguments)
        result.expectFailure(64, "gqlpatch: error: ")
        #expect(result.stderr.hasSuffix("\nRun 'gqlpatch \(command) --help' for usage.\n"), "\(result)")
        #expect(occurrences(of: "--help", in: result.stderr) == 1, "the hint once: \(result)")
    }

    @Test func anUnknownOptionBeforeAnyCommandPointsAtTheOverview() throws {
        let result = try GQLPatchRun.run(["--frob"])
        result.expectFailure(64, "gqlpatch: error: unknown option '--frob'\nRun 'gqlpatch --help' for usage.\n")
    }

    /// `-j8` is `-j 8`, as getopt reads an attached short option value.
    @Test func anAttachedShortOptionValueIsAccepted() throws {
        let line = #"{"op": "update", "model": "Item", "key": {"id": "1"}, "set": {"name": "x"}}"#
        let attached = try GQLPatchRun.run(
            ["--schema", TestPaths.schema, "--dry-run", "apply", "-", "-j8"], stdin: line + "\n")
        #expect(attached.status == 0, "\(attached)")
        let refused = try GQLPatchRun.run(
            ["--schema", TestPaths.schema, "--dry-run", "apply", "-", "-j0"], stdin: line + "\n")
        refused.expectFailure(64, "gqlpatch: error: -j expects a whole number from 1 to 256, got '0'\n")
    }

    /// A JSON error in `--patch -` used to read `gqlpatch: error: <stdin>: error: ...`.
    @Test func aPlaceIsNotPrefixedTwice() throws {
        let result = try GQLPatchRun.run(
            ["--schema", TestPaths.schema, "--dry-run", "update", "Item", "--id", "1", "--patch", "-"], stdin: "[1]")
        result.expectFailure(65, "<stdin>: error: --patch expects a JSON object of field changes, got an array\n")
    }

    /// `--filter '{x'` used to read `--filter:1:2: error: --filter: ...`.
    @Test func anInlineFilterIsNamedOnce() throws {
        let result = try GQLPatchRun.run(["--schema", TestPaths.schema, "--dry-run", "list", "Item", "--filter", "{x"])
        result.expectFailure(65, "--filter:1:2: error: expected string as object key")
        #expect(occurrences(of: "--filter", in: result.stderr) == 1, "\(result)")
    }

    @Test func verboseNamesTheSchemaAndConfigLoaded() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let none = try GQLPatchRun.run(
            ["--verbose", "--schema", TestPaths.schema, "--dry-run", "get", "Item", "--id", "1"], in: folder)
        #expect(none.status == 0, "\(none)")
        #expect(
            none.stderr.contains(
                "gqlpatch: config: none (no --config, no amplify_outputs.json or amplifyconfiguration.json in "),
            "\(none)")
        #expect(none.stderr.contains("gqlpatch: schema: \(TestPaths.schema)\n"), "\(none)")

        let config = folder.appendingPathComponent("amplify_outputs.json")
        try
            #"{"version": "1", "data": {"url": "http://127.0.0.1:1/graphql", "aws_region": "eu-west-1", "default_authorization_type": "API_KEY", "api_key": "da2-x", "authorization_types": []}}"#
            .write(to: config, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            atPath: TestPaths.schema, toPath: folder.appendingPathComponent("schema.graphql").path)
        let found = try GQLPatchRun.run(["--verbose", "--dry-run", "get", "Item", "--id", "1"], in: folder)
        #expect(found.status == 0, "\(found)")
        #expect(found.stderr.contains("gqlpatch: config: \(folder.path)/amplify_outputs.json\n"), "\(found)")
        #expect(found.stderr.contains("gqlpatch: schema: \(folder.path)/schema.graphql\n"), "\(found)")

        // Without --verbose, nothing of it.
        let quiet = try GQLPatchRun.run(["--dry-run", "get", "Item", "--id", "1"], in: folder)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet)")
    }
}
