import Foundation
import JSON
import Testing

/// `list` against a server whose `nextToken`s go round in a cycle: the listing stops at the first
/// token it has seen before (exit 76, the token redacted) instead of requesting the same pages forever.
@Suite struct HostileServerPagingEndToEndTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        /// Page answers in order: (records' ids, the nextToken).
        var pages: [([String], String?)]
        var stderr: String

        var description: String { name }
    }

    static let tokenA = "token-A-0123456789-secret-aaaa"
    static let tokenB = "token-B-0123456789-secret-bbbb"

    static let cases: [Case] = [
        Case(
            name: "an empty page with the same token", pages: [([], tokenA), ([], tokenA)],
            stderr:
                "gqlpatch: error: listItems: the server returned nextToken toke…aaaa a second time, on page 2 (the pages go round in a cycle); stopped"
        ),
        Case(
            name: "a page with the token just sent", pages: [(["i1"], tokenA), (["i2"], tokenA)],
            stderr:
                "gqlpatch: error: listItems: the server returned nextToken toke…aaaa a second time, on page 2 (the pages go round in a cycle); stopped"
        ),
        Case(
            name: "A -> B -> A", pages: [(["i1"], tokenA), (["i2"], tokenB), (["i3"], tokenA)],
            stderr:
                "gqlpatch: error: listItems: the server returned nextToken toke…aaaa a second time, on page 3 (the pages go round in a cycle); stopped"
        ),
    ]

    /// Answers the `index`th request with the `index`th page (the last page again past the end).
    static func server(_ pages: [([String], String?)]) throws -> ScriptedServer {
        try ScriptedServer { index, _ in
            let (ids, token) = pages[min(index, pages.count - 1)]
            let items = JSONValue.array(ids.map { ["id": .string($0), "name": "Lamp"] })
            let connection: JSONValue = ["items": items, "nextToken": token.map(JSONValue.string) ?? .null]
            let envelope: JSONValue = ["data": ["listItems": connection]]
            return .init(status: 200, body: envelope.serialized())
        }
    }

    @Test(arguments: cases)
    func aRepeatedTokenStopsTheListing(_ item: Case) throws {
        let server = try Self.server(item.pages)
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", server.endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema, "list",
                "Item",
            ],
            timeout: 20)
        #expect(result.status == 76, "\(result)")
        #expect(result.stderr.hasPrefix(item.stderr), "\(result)")
        #expect(
            !result.stderr.contains(Self.tokenA) && !result.stderr.contains(Self.tokenB),
            "a token is shown whole: \(result)")
        // The records of every page received are printed, each once; nothing after the cycle.
        let printed = try RecordCommandSupport.lines(result).map { $0["id"]?.stringValue ?? "?" }
        #expect(printed == item.pages.flatMap(\.0), "\(result)")
        #expect(server.received.count == item.pages.count)
        let tokens = try server.received.map { try JSONValue.parse($0)["variables"]?["nextToken"]?.stringValue }
        #expect(tokens == [nil] + item.pages.dropLast().map(\.1))
    }

    /// The control: distinct tokens are followed to the end.
    @Test func distinctTokensAreFollowedToTheEnd() throws {
        let server = try Self.server([(["i1"], Self.tokenA), (["i2"], Self.tokenB), (["i3"], nil)])
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            ["--endpoint", server.endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema, "list", "Item"])
        #expect(result.status == 0, "\(result)")
        #expect(try RecordCommandSupport.lines(result).map { $0["id"] } == ["i1", "i2", "i3"])
    }
}
