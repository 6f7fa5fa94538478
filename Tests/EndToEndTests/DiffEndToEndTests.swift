import Foundation
import JSON
import Testing

/// `gqlpatch diff` between two emulators: the same records after an export and an apply, then one
/// record changed, one removed and one added on the target side; the sides given by --from-/--to-
/// options, a plain global option serving both.
@Suite struct DiffEndToEndTests {
    static let blog = ExportEndToEndTests.blog

    private func seeded() throws -> Emulator {
        let emulator = try Emulator(schema: Self.blog)
        try emulator.create("Blog", ["id": "b1", "name": "Notes"])
        try emulator.create(
            "Post", ["id": "p1", "title": "First", "status": "DRAFT", "meta": #"{"a":[1,2]}"#, "blogPostsId": "b1"])
        try emulator.create("Post", ["id": "p2", "title": "Second", "blogPostsId": "b1"])
        try emulator.create("Comment", ["id": "c1", "content": "hi", "postCommentsId": "p1"])
        return emulator
    }

    private func sides(_ source: Emulator, _ target: Emulator) -> [String] {
        [
            "--schema", Self.blog, "diff", "--from-endpoint", source.endpoint, "--from-api-key", Emulator.apiKey,
            "--to-endpoint", target.endpoint, "--to-api-key", Emulator.apiKey,
        ]
    }

    @Test func aCopyIsTheSameAndEachKindOfDifferenceIsALine() throws {
        let source = try seeded()
        defer { source.stop() }
        let target = try Emulator(schema: Self.blog)
        defer { target.stop() }
        let file = source.folder.appendingPathComponent("copy.jsonl").path
        #expect(try source.gqlpatch(["export", "-o", file], schema: Self.blog).status == 0)
        #expect(try target.gqlpatch(["apply", file], schema: Self.blog).status == 0)

        let same = try GQLPatchRun.run(sides(source, target), in: source.folder)
        #expect(same.status == 0, "\(same)")
        #expect(same.stdout.isEmpty, "\(same)")
        #expect(same.stderr.contains("gqlpatch: diff: "), "\(same)")
        #expect(same.stderr.contains("Post 2 same, 0 changed, 0 only in from, 0 only in to"), "\(same)")

        // The JSON of an AWSJSON field printed differently is the same value.
        _ = try target.graphQL(
            #"mutation { updatePost(input: {id: "p1", meta: "{ \"a\": [1, 2] }"}) { id } }"#)
        #expect(try GQLPatchRun.run(sides(source, target), in: source.folder).status == 0)

        _ = try target.graphQL(#"mutation { updatePost(input: {id: "p2", title: "Changed"}) { id } }"#)
        _ = try target.graphQL(#"mutation { deleteComment(input: {id: "c1"}) { id } }"#)
        try target.create("Tag", ["id": "t9", "label": "new"])
        let differs = try GQLPatchRun.run(sides(source, target), in: source.folder)
        #expect(differs.status == 1, "\(differs)")
        let lines = try differs.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(
            lines.contains([
                "model": "Post", "key": ["id": "p2"], "diff": "changed",
                "fields": ["title": ["from": "Second", "to": "Changed"]],
            ]))
        #expect(lines.contains { $0["diff"] == "only-from" && $0["key"] == ["id": "c1"] && $0["model"] == "Comment" })
        #expect(lines.contains { $0["diff"] == "only-to" && $0["key"] == ["id": "t9"] && $0["to"]?["label"] == "new" })
        #expect(lines.count == 3, "\(differs.stdout)")
    }

    @Test func aSideWithoutAnEndpointIsRefusedBeforeAnythingIsSent() throws {
        let source = try seeded()
        defer { source.stop() }
        let before = try source.requests().count
        let result = try GQLPatchRun.run(
            ["--schema", Self.blog, "diff", "--from-endpoint", source.endpoint, "--from-api-key", Emulator.apiKey],
            environment: ["GQLPATCH_ENDPOINT": ""], in: source.folder)
        result.expectFailure(78, "gqlpatch: error: the target (to): no endpoint")
        #expect(result.stderr.contains("(--to-OPTION gives this side its own)"), "\(result)")
        #expect(try source.requests().count == before, "nothing sent")
        #expect(result.stderr.contains("endpoint"), "\(result)")
    }

    /// No side of its own (or one endpoint on both): diff would compare the API with itself and say
    /// "same", copy would write every record back where it was. Both are refused (64, nothing
    /// sent) unless `--same-api`.
    @Test(arguments: ["diff", "copy"])
    func oneAPIOnBothSidesIsRefusedUnlessMeant(command: String) throws {
        let emulator = try seeded()
        defer { emulator.stop() }
        let before = try emulator.bodies().count
        for arguments in [
            [command], [command, "--to-endpoint", emulator.endpoint + "/"],
            [command, "--from-endpoint", "HTTP" + emulator.endpoint.dropFirst(4), "--to-endpoint", emulator.endpoint],
        ] {
            let refused = try emulator.gqlpatch(arguments, schema: Self.blog)
            refused.expectFailure(64, "gqlpatch: error: \(command): both sides are ")
            #expect(refused.stderr.lowercased().contains(emulator.endpoint), "\(refused)")
            #expect(refused.stderr.contains("or pass --same-api to mean one API"), "\(refused)")
        }
        #expect(try emulator.bodies().count == before, "nothing was sent")
        if command == "diff" {
            let meant = try emulator.gqlpatch(["diff", "--same-api"], schema: Self.blog)
            #expect(meant.status == 0 && meant.stdout.isEmpty, "\(meant)")
        }
    }

    @Test func anUnknownSideOptionIsAUsageError() throws {
        let result = try GQLPatchRun.run(["--schema", Self.blog, "diff", "--from-timeout", "3"])
        result.expectFailure(64, "gqlpatch: error: ")
        #expect(result.stderr.contains("--from-timeout"), "\(result)")
    }

    /// --dry-run: each side's endpoint and listing, no credentials, nothing sent.
    @Test func aDryRunShowsBothSidesAndSendsNothing() throws {
        let result = try GQLPatchRun.run([
            "--schema", Self.blog, "--dry-run", "diff", "Post", "--from-endpoint", "http://127.0.0.1:9/graphql",
            "--from-api-key", "da2-from-secret-0000", "--to-endpoint", "http://127.0.0.1:10/graphql", "--to-api-key",
            "da2-to-secret-00000",
        ])
        #expect(result.status == 0, "\(result)")
        let plan = try JSONValue.parse(result.stdout)
        let steps = plan["steps"]?.arrayValue ?? []
        #expect(steps.map { $0["side"] } == ["from", "to"])
        #expect(steps.map { $0["endpoint"] } == ["http://127.0.0.1:9/graphql", "http://127.0.0.1:10/graphql"])
        #expect(!result.stdout.contains("secret") && !result.stderr.contains("secret"), "\(result)")
    }
}
