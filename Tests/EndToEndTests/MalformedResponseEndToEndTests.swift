import Foundation
import JSON
import Testing

/// A response that arrived but breaks HTTP is a protocol error (76), not a lost connection (69) or a
/// configuration error (78); a write whose answer was lost or broken says it may or may not have
/// been applied and which command tells.
@Suite struct MalformedResponseEndToEndTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var mode: String
        var exit: Int32
        var stderr: String
        var testDescription: String { mode }
    }

    static let cases: [Case] = [
        Case(mode: "http09", exit: 76, stderr: "gqlpatch: error: the response from 127.0.0.1 is not valid HTTP: "),
        Case(
            mode: "huge-header", exit: 76,
            stderr: "gqlpatch: error: the response from 127.0.0.1 is not valid HTTP: its headers are too large"),
        Case(
            mode: "bad-chunked", exit: 76,
            stderr: "gqlpatch: error: the response from 127.0.0.1 broke off or is malformed: "),
        Case(
            mode: "short-body", exit: 76,
            stderr: "gqlpatch: error: the response from 127.0.0.1 broke off or is malformed: "),
        Case(
            mode: "dup-length", exit: 76,
            stderr:
                "gqlpatch: error: the response from 127.0.0.1 is not valid HTTP: it has conflicting Content-Length headers"
        ),
        Case(
            mode: "close", exit: 69,
            stderr: "gqlpatch: error: the connection to 127.0.0.1 closed without a valid HTTP response"),
        Case(
            mode: "reset", exit: 69,
            stderr: "gqlpatch: error: the connection to 127.0.0.1 was lost before a response arrived"),
    ]

    static func run(_ server: HostileServer, _ command: [String]) throws -> ProcessResult {
        try GQLPatchRun.run(
            [
                "--endpoint", server.endpoint, "--api-key", "da2-malformed", "--schema", TestPaths.schema,
                "--conflict-resolution", "off",
            ]
                + command, in: server.folder)
    }

    @Test(arguments: cases)
    func update(_ item: Case) throws {
        let server = try HostileServer(mode: item.mode)
        defer { server.stop() }
        let result = try Self.run(server, ["update", "Item", "--id", "item-1", "--set", "name=Lamp"])
        result.expectFailure(item.exit, item.stderr)
        #expect(
            result.stderr.contains(
                "; the update of Item id=item-1 may or may not have been applied: check with `gqlpatch get Item --id item-1`"
            ),
            "\(result)")
    }

    @Test(arguments: cases)
    func get(_ item: Case) throws {
        let server = try HostileServer(mode: item.mode)
        defer { server.stop() }
        let result = try Self.run(server, ["get", "Item", "--id", "item-1"])
        result.expectFailure(item.exit, item.stderr)
        #expect(!result.stderr.contains("may or may not"), "a read changes nothing: \(result)")
    }

    @Test func deleteSaysWhatToRun() throws {
        let server = try HostileServer(mode: "close")
        defer { server.stop() }
        let result = try Self.run(server, ["delete", "RecipeStep", "--key", "recipeID=r 1", "--key", "rowID=3"])
        result.expectFailure(69, "gqlpatch: error: the connection to 127.0.0.1 closed without a valid HTTP response")
        #expect(
            result.stderr.contains(
                "the delete of RecipeStep recipeID=r 1 rowID=3 may or may not have been applied: check with `gqlpatch get RecipeStep --key 'recipeID=r 1' --key rowID=3`"
            ),
            "\(result)")
    }

    /// create retries once with the same key; when that answer is lost too, it says so.
    @Test func createSaysWhatToRun() throws {
        let server = try HostileServer(mode: "short-body")
        defer { server.stop() }
        let result = try Self.run(server, ["create", "Item", "--set", "id=item-9", "--set", "name=Lamp"])
        #expect(result.status == 76, "\(result)")
        #expect(result.stderr.contains("sending the create once more with the same key"), "\(result)")
        #expect(
            result.stderr.contains(
                "the create of Item id=item-9 may or may not have been applied: check with `gqlpatch get Item --id item-9`"
            ),
            "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(server.requestCount() == 2)
    }

    /// A connection refused means nothing arrived: no "may or may not".
    @Test func refusedConnectionSaysNothingOfTheWrite() throws {
        let result = try GQLPatchRun.run(
            [
                "--endpoint", "http://127.0.0.1:9/graphql", "--api-key", "da2-malformed", "--schema", TestPaths.schema,
                "--conflict-resolution", "off", "update", "Item", "--id", "item-1", "--set", "name=Lamp",
            ])
        result.expectFailure(69, "gqlpatch: error: cannot connect to 127.0.0.1")
        #expect(!result.stderr.contains("may or may not"), "\(result)")
    }

    /// `apply` retries a broken answer as it retries a lost connection (the write may have
    /// happened; a retry with the same input is safe), and reports the line failed with exit 76's
    /// message when every try breaks.
    @Test func applyRetriesABrokenAnswer() throws {
        let server = try HostileServer(mode: "short-body")
        defer { server.stop() }
        let input = server.folder.appendingPathComponent("input.jsonl")
        try Data(#"{"op": "update", "model": "Item", "key": {"id": "item-1"}, "set": {"name": "Lamp"}}"#.utf8 + [10])
            .write(to: input)
        let result = try Self.run(server, ["apply", input.path, "--max-attempts", "2"])
        #expect(result.status == 4, "\(result)")
        #expect(server.requestCount() == 2, "one retry")
        let line = try JSONValue.parse(result.stdout)
        #expect(line["status"] == "failed", "\(result)")
        #expect(line["error"]?.stringValue?.contains("broke off or is malformed") == true, "\(result)")
    }
}
