import Foundation
import JSON
import Testing

/// Messages that say what to do next (issue 34 #5): a record's key given as a second word, and
/// https spoken to a plain-http server.
@Suite struct NextStepMessageEndToEndTests {
    @Test(arguments: [
        (["update", "Item", "42", "--set", "name=Lamp"], "update", "; values go with --set FIELD=VALUE"),
        (["get", "Item", "42"], "get", ""), (["delete", "Item", "42"], "delete", ""),
    ])
    func aSecondWordWithoutAKeyIsTheKey(_ arguments: [String], _ command: String, _ tail: String) throws {
        let result = try GQLPatchRun.run(["--schema", TestPaths.schema] + arguments)
        result.expectFailure(
            64,
            "gqlpatch: error: unexpected argument '42': the record's key goes with --id (gqlpatch \(command) Item --id 42 ...), or --key FIELD=VALUE for each field of a composite key\(tail)\nRun 'gqlpatch \(command) --help' for usage."
        )
    }

    @Test func httpsToAPlainHTTPServerSaysSo() throws {
        let server = try HostileServer(mode: "plain-400")
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", "https://127.0.0.1:\(server.port)/graphql", "--api-key", "da2-plain", "--schema",
                TestPaths.schema, "get", "Item", "--id", "item-1",
            ], in: server.folder)
        result.expectFailure(69, "gqlpatch: error: TLS connection to 127.0.0.1 failed: ")
        #expect(
            result.stderr.hasSuffix(
                "; the server answered in plain HTTP: is the endpoint http:// rather than https://?\n"), "\(result)")
    }

    /// No API key, token, IAM or config auth: refused before anything is sent (issue 34 #3), the
    /// ways to give credentials named; `--auth none` still sends to an open endpoint.
    @Test func noCredentialsIsRefusedBeforeSending() throws {
        let server = try HostileServer(mode: "keyed")
        defer { server.stop() }
        let base = ["--endpoint", server.endpoint, "--schema", TestPaths.schema, "--conflict-resolution", "off"]
        let result = try GQLPatchRun.run(
            base + ["update", "Item", "--id", "item-1", "--set", "name=Lamp"], in: server.folder)
        result.expectFailure(
            78, "gqlpatch: error: no credentials to send: pass --api-key KEY (or set GQLPATCH_API_KEY), --auth iam")
        #expect(result.stderr.contains("or pass --auth none for an endpoint that needs none"), "\(result)")
        #expect(server.requestCount() == 0, "nothing sent")
        let open = try GQLPatchRun.run(
            base + ["--auth", "none", "update", "Item", "--id", "item-1", "--set", "name=Lamp"], in: server.folder)
        #expect(open.status == 0, "\(open)")
        #expect(server.requestCount() == 1)
    }

    /// An apply whose endpoint cannot be reached stops at the first line that could not reach it,
    /// says so and exits 69 (issue 34 #5), even with --continue-on-error.
    @Test func anApplyThatCannotReachItsEndpointStops() throws {
        let closed = try ClosedPort()
        let port = closed.port
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-down-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.jsonl")
        let lines = (1...50).map { #"{"op":"update","model":"Item","key":{"id":"i\#($0)"},"set":{"name":"x"}}"# }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: input)
        let result = try GQLPatchRun.run(
            [
                "--endpoint", "http://127.0.0.1:\(port)/graphql", "--api-key", "da2-down", "--schema", TestPaths.schema,
                "--conflict-resolution", "off", "apply", input.path, "-j", "1", "--max-attempts", "1",
                "--continue-on-error",
            ], in: folder)
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr.contains(
                "gqlpatch: error: the endpoint cannot be reached, so no line can be applied; stopped at line 1: cannot connect to 127.0.0.1 port \(port): connection refused"
            ), "\(result)")
        // Line 1 failed; no other line was sent (each is reported skipped).
        let statuses = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0))["status"] }
        #expect(
            statuses.first == "failed" && statuses.dropFirst().allSatisfy { $0 == "skipped" },
            "\(result.stdout.prefix(300))")
        withExtendedLifetime(closed) {}
    }

    /// A reader that closes the pipe early (`| head`) ends a reading command quietly with 141, as
    /// `yes | head` ends, without a message or a --starting-token note (issue 34 #6); `apply`, whose
    /// lines are then left unsent, exits 74 and says how to go on.
    @Test func aReaderClosingThePipeEndsTheRunQuietly() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let big = String(repeating: "d", count: 150_000)
        for index in 1...3 {
            _ = try emulator.graphQL(
                "mutation C($input: CreateItemInput!) { createItem(input: $input) { id } }",
                variables: [
                    "input": .object(["id": .string("big-\(index)"), "name": "n", "description": .string(big)])
                ])
        }
        let folder = emulator.folder
        let base =
            "'\(TestPaths.binary)' --endpoint \(emulator.endpoint) --api-key \(Emulator.apiKey) --schema '\(TestPaths.schema)'"
        for command in ["get Item --id big-1", "list Item --page-size 1"] {
            // pipefail: the status is gqlpatch's; head reads one byte and closes with 140 KB still to come.
            let result = try CommandRunner.run(
                "/bin/bash", ["-c", "set -o pipefail; \(base) \(command) | head -c 1 >/dev/null"],
                workingDirectory: folder.path)
            #expect(result.status == 141, "\(command): \(result)")
            #expect(result.stderr.isEmpty, "\(command): \(result)")
        }
        let input = folder.appendingPathComponent("in.jsonl")
        let lines = (1...3).map { #"{"op":"update","model":"Item","key":{"id":"big-\#($0)"},"set":{"name":"m"}}"# }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: input)
        let journal = folder.appendingPathComponent("j.journal").path
        let apply = try CommandRunner.run(
            "/bin/bash",
            [
                "-c",
                "set -o pipefail; \(base) apply '\(input.path)' -j 1 --journal '\(journal)' | head -c 1 >/dev/null",
            ], workingDirectory: folder.path)
        #expect(apply.status == 74, "\(apply)")
        #expect(
            apply.stderr.contains("gqlpatch: error: cannot write to standard output: its reader closed the pipe"),
            "\(apply)")
        #expect(
            apply.stderr.contains("gqlpatch: note: to go on from where it stopped, run: gqlpatch --endpoint"),
            "\(apply)")
        #expect(apply.stderr.contains("--api-key \"$GQLPATCH_API_KEY\""), "the key is never printed: \(apply)")
        #expect(!apply.stderr.contains(Emulator.apiKey), "\(apply)")
        #expect(apply.stderr.contains(" --resume\n"), "\(apply)")
    }

    /// A refusal says which credential was refused and where it came from, never the credential
    /// itself (issue 34 #3): the flag, the variable, or the config file.
    @Test func aRefusalNamesTheModeAndWhereTheCredentialCameFrom() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let base = ["--endpoint", emulator.endpoint, "--schema", TestPaths.schema, "get", "Item", "--id", "x"]
        let flag = try GQLPatchRun.run(["--api-key", "da2-wrongkey0000"] + base, in: emulator.folder)
        flag.expectFailure(77, "gqlpatch: error: ")
        #expect(flag.stderr.hasSuffix(" (sent: auth api-key, the API key from --api-key)\n"), "\(flag)")
        #expect(!flag.stderr.contains("da2-wrongkey0000"), "\(flag)")
        let variable = try GQLPatchRun.run(
            base, environment: ["GQLPATCH_API_KEY": "da2-wrongkey0000"], in: emulator.folder)
        #expect(variable.status == 77)
        #expect(variable.stderr.hasSuffix(" (sent: auth api-key, the API key from GQLPATCH_API_KEY)\n"), "\(variable)")
        let token = try GQLPatchRun.run(["--auth", "oidc", "--token", "not-a-token"] + base, in: emulator.folder)
        #expect(token.status == 77)
        #expect(token.stderr.hasSuffix(" (sent: auth oidc, the token from --token)\n"), "\(token)")
        #expect(!token.stderr.contains("not-a-token"), "\(token)")
    }

    /// A plain word for a list field says how a list is given (issue 34 #5): as JSON, or, where the
    /// command has list edits, with --add. Nothing is sent (no endpoint is needed to refuse it).
    @Test(arguments: [
        (["update", "Item", "--id", "1", "--set", "tags=sale"], ", or add one element with --add tags=sale"),
        (["create", "Item", "--set", "name=Lamp", "--set", "tags=sale"], ""),
    ])
    func aWordForAListSaysHowAListIsGiven(_ arguments: [String], _ tail: String) throws {
        let result = try GQLPatchRun.run(["--schema", TestPaths.schema, "--dry-run"] + arguments)
        result.expectFailure(
            65,
            #"gqlpatch: error: Item.tags: expected JSON for [String], got "sale" (1:1: unexpected character "s"); give the whole list as JSON (--set 'tags:=["sale"]')"#
                + tail + "\n")
    }
}
