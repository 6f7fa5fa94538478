import Foundation
import GQLPatchTestSupport
import GraphQLSDL
import JSON
import Testing

@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// The operations `call` sends and the documents it makes for them, from Tests/Fixtures/call.
@Suite struct CustomOperationTableTests {
    static let path = Fixture.root.appendingPathComponent("Tests/Fixtures/call/schema.graphql").path

    private func table() throws -> CustomOperationTable {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.path)))
        let document = try Parser.parse(bytes, file: Self.path)
        let catalogue = try CatalogueLoader.load(path: Self.path, files: .local)
        return try CustomOperationTable(
            catalogue: catalogue, sdl: document, file: Self.path, wording: SourceNameWording())
    }

    @Test func theCustomOperationsComeFirstAndTheGeneratedOnesAreMarked() throws {
        let table = try table()
        #expect(table.custom.map(\.name) == ["echo", "searchItems", "publishItem"])
        #expect(table.custom.map(\.kind) == [.query, .query, .mutation])
        #expect(table.custom[2].signature.hasPrefix("mutation publishItem(id: ID!, status: JobStatus!"))
    }

    @Test func onlyTheGivenArgumentsBecomeVariablesOfTheirOwnTypes() throws {
        let table = try table()
        let publish = try table.operation(named: "publishItem")
        #expect(
            try table.document(for: publish, given: ["status", "id"], select: nil)
                == "mutation Call($id: ID!, $status: JobStatus!) { publishItem(id: $id, status: $status) { id status meta stats { count tags } } }"
        )
        #expect(
            try table.document(for: publish, given: ["id", "status"], select: ["stats.count", "id"])
                == "mutation Call($id: ID!, $status: JobStatus!) { publishItem(id: $id, status: $status) { stats { count } id } }"
        )
        let echo = try table.operation(named: "echo")
        #expect(
            try table.document(for: echo, given: ["msg"], select: nil)
                == "query Call($msg: String!) { echo(msg: $msg) }")
    }

    @Test func refusalsNameTheArgumentAndSuggest() throws {
        let table = try table()
        let publish = try table.operation(named: "publishItem")
        let cases: [(() throws(GQLPatchError) -> Void, String)] = [
            (
                { () throws(GQLPatchError) in _ = try table.document(for: publish, given: ["id"], select: nil) },
                "publishItem needs argument field status (JobStatus!)"
            ),
            (
                { () throws(GQLPatchError) in
                    _ = try table.document(for: publish, given: ["id", "status", "stauts"], select: nil)
                },
                #"argument field stauts: publishItem has no argument "stauts"; did you mean status?"#
            ),
            (
                { () throws(GQLPatchError) in
                    _ = try table.document(for: publish, given: ["id", "status"], select: ["stat"])
                },
                #"select: PublishResult has no field "stat"; did you mean stats?"#
            ),
            (
                { () throws(GQLPatchError) in _ = try table.operation(named: "publishItems") },
                #"the schema has no query or mutation "publishItems"; did you mean publishItem?"#
            ),
        ]
        for (body, message) in cases {
            let error = RecordCommandFixtures.error { () throws(GQLPatchError) in try body() }
            #expect(error?.code == .invalidInput)
            #expect(error?.message.hasPrefix(message) == true, "\(String(describing: error))")
        }
    }
}
