import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport
@testable import GQLPatchTransfer

/// `diff`'s comparison of one model, over two scripted APIs: what each difference is, in what order,
/// and "the same value" decided by the one comparer.
@Suite struct ModelComparisonTests {
    static let schema = """
        type Event @model {
          id: ID!
          title: String
          at: AWSDateTime
        }
        """

    private func side(_ items: [String], described: String) throws -> DiffSide {
        let catalogue = try CatalogueLoader.load(
            path: "s.graphql", files: .memory(["s.graphql": Array(Self.schema.utf8)]))
        let model = try #require(catalogue.models["Event"])
        let query = try ListArgumentsBuilder(catalogue: catalogue, readFile: { _ in [] }, wording: SourceNameWording())
            .query(model: model, tests: [], filter: nil, sort: nil, pageSize: nil)
        let selection = try SelectionBuilder(catalogue: catalogue, wording: SourceNameWording())
            .readSelections(for: model, paths: nil).fetched
        let body = #"{"data":{"listEvents":{"items":[\#(items.joined(separator: ","))],"nextToken":null}}}"#
        let client = GraphQLClient(
            endpoint: "https://h/graphql", transport: ScriptedTransport([.graphQL(body)]), authorizer: .none,
            wording: SourceNameWording())
        return DiffSide(
            model: model, selection: selection, query: query,
            sender: RetryingSender(client: client, policy: RetryPolicy(maxAttempts: 1)), described: described)
    }

    private func comparison(from: [String], to: [String], maximumHeld: Int = 100) throws -> ModelComparison {
        let source = try side(from, described: "the source (from)")
        return ModelComparison(
            source: source, target: try side(to, described: "the target (to)"), fields: ["title", "at"],
            catalogue: try CatalogueLoader.load(
                path: "s.graphql", files: .memory(["s.graphql": Array(Self.schema.utf8)])),
            maximumHeld: maximumHeld)
    }

    @Test func eachDifferenceIsReportedOnceAndOneInstantSpelledTwoWaysIsTheSame() async throws {
        let comparison = try comparison(
            from: [
                #"{"id":"1","title":"a","at":"2024-01-01T00:00:00Z"}"#,
                #"{"id":"2","title":"b","at":null}"#,
                #"{"id":"3","title":"c","at":null}"#,
                #"{"id":"4","title":"gone","at":null,"_deleted":true}"#,
            ],
            to: [
                #"{"id":"1","title":"a","at":"2024-01-01T00:00:00.000Z"}"#,
                #"{"id":"2","title":"B","at":null}"#,
                #"{"id":"5","title":"e","at":null}"#,
            ])
        var reported: [RecordDifference] = []
        let counts = try await comparison.run { reported.append($0) }
        #expect(counts.same == 1 && counts.changed == 1 && counts.onlyTo == 1 && counts.onlyFrom == 1)
        #expect(
            reported == [
                .changed(model: "Event", key: ["id": "2"], fields: ["title": ["from": "b", "to": "B"]]),
                .onlyTo(model: "Event", key: ["id": "5"], record: ["title": "e", "at": .null]),
                .onlyFrom(model: "Event", key: ["id": "3"], record: ["title": "c", "at": .null]),
            ])
        #expect(reported[0].json["diff"] == "changed")
    }

    @Test func aSourceLargerThanTheBoundIsRefused() async throws {
        let comparison = try comparison(
            from: [#"{"id":"1","title":"a","at":null}"#, #"{"id":"2","title":"b","at":null}"#], to: [],
            maximumHeld: 1)
        let error = try await #require(throws: GQLPatchError.self) { _ = try await comparison.run { _ in } }
        #expect(error.code == .invalidInput)
        #expect(error.message.hasPrefix("the source's Event has more than 1 records, more than diff holds at once"))
    }

    @Test func aRecordWithoutItsKeyIsABadAnswerNamingTheSide() async throws {
        let comparison = try comparison(from: [], to: [#"{"title":"x","at":null}"#])
        let error = try await #require(throws: GQLPatchError.self) { _ = try await comparison.run { _ in } }
        #expect(error.code == .badResponse)
        #expect(error.message.hasPrefix("the target (to) returned a Event record without its id"))
    }
}
