import Foundation
import JSON
import Testing

/// `query --paginate` follows the connection's nextToken in a hand-written query (issue 15 #7).
@Suite struct QueryPaginateEndToEndTests {
    @Test func itFollowsNextTokenAndPrintsTheItemsAsJSONLines() throws {
        let emulator = try Emulator(schema: ListIndexEndToEndTests.schema)
        defer { emulator.stop() }
        for row in 1...5 {
            try emulator.create(
                "Child", ["id": .string("c\(row)"), "parentEmail": "p@x", "rowID": .int(row), "name": "n"])
        }
        let document = """
            query Kids($email: String!, $nextToken: String) {
              kids: childrenByParent(parentEmail: $email, limit: 2, nextToken: $nextToken) { items { rowID } nextToken }
            }
            """
        let result = try emulator.gqlpatch(
            ["query", document, "--var", "email=p@x", "--paginate"], schema: ListIndexEndToEndTests.schema)
        #expect(result.status == 0, "\(result)")
        #expect(try RecordCommandSupport.lines(result) == [1, 2, 3, 4, 5].map { ["rowID": .int($0)] })
        let pages = try RecordCommandSupport.bodies(emulator, containing: "childrenByParent")
        #expect(pages.count == 3)
        #expect(pages.first?["variables"]?["nextToken"] == nil)
        #expect(pages.dropFirst().allSatisfy { $0["variables"]?["nextToken"]?.stringValue != nil })

        let before = try emulator.requests().count
        let noToken = try emulator.gqlpatch(
            ["query", "{ listChildren { items { id } nextToken } }", "--paginate"],
            schema: ListIndexEndToEndTests.schema)
        noToken.expectFailure(
            65, "gqlpatch: error: --paginate: the operation declares no $nextToken variable to page with")
        let noConnection = try emulator.gqlpatch(
            [
                "query", "query($nextToken: String) { listChildren(nextToken: $nextToken) { items { id } } }",
                "--paginate",
            ],
            schema: ListIndexEndToEndTests.schema)
        noConnection.expectFailure(
            65, "gqlpatch: error: --paginate: no field of the operation selects both items and nextToken")
        #expect(try emulator.requests().count == before)
    }
}
