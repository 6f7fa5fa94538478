import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// `list`'s page loop below the CLI: the pages it hands over, the token each next request carries,
/// item errors set apart from good records, soft-deleted records, the limit, and a repeated token.
@Suite struct ModelListingTests {
    static let schema = """
        type Item @model {
          id: ID!
          name: String
        }
        """

    private func listing(_ pages: [String]) throws -> (ModelListing, RetryingSender, ScriptedTransport) {
        let catalogue = try CatalogueLoader.load(
            path: "s.graphql", files: .memory(["s.graphql": Array(Self.schema.utf8)]))
        let model = try #require(catalogue.models["Item"])
        let query = try ListArgumentsBuilder(catalogue: catalogue, readFile: { _ in [] }, wording: SourceNameWording())
            .query(model: model, tests: [], filter: nil, sort: nil, pageSize: nil)
        let (selection, fetched) = try SelectionBuilder(catalogue: catalogue, wording: SourceNameWording())
            .readSelections(for: model, paths: ["id", "name"])
        let transport = ScriptedTransport(pages.map { .graphQL($0) })
        let client = GraphQLClient(
            endpoint: "https://h/graphql", transport: transport, authorizer: .none, wording: SourceNameWording())
        return (
            ModelListing(model: model, query: query, selection: selection, fetchSelection: fetched),
            RetryingSender(client: client, policy: RetryPolicy(maxAttempts: 1)), transport
        )
    }

    private static func page(_ items: String, next: String?) -> String {
        #"{"data":{"listItems":{"items":[\#(items)],"nextToken":\#(next.map { "\"\($0)\"" } ?? "null")}}}"#
    }

    @Test func followsEachTokenAndLeavesOutSoftDeletedRecords() async throws {
        let (listing, sender, transport) = try listing([
            Self.page(#"{"id":"1","name":"a"},{"id":"2","name":"b","_deleted":true}"#, next: "t1"),
            Self.page(#"{"id":"3","name":"c"}"#, next: nil),
        ])
        var pages: [ModelListing.Page] = []
        let failed = try await listing.run(from: nil, sender: sender, rejected: { _ in }, deliver: { pages.append($0) })
        #expect(failed == 0)
        #expect(pages.map { $0.records.map { $0["id"] } } == [["1"], ["3"]])
        #expect(pages.map(\.nextToken) == ["t1", nil])
        #expect(
            !transport.sent[0].contains("\"nextToken\":\"t1\"") && transport.sent[1].contains("\"nextToken\":\"t1\""))
    }

    @Test func startsFromTheGivenTokenAndStopsAtTheLimitWithNothingToResume() async throws {
        var (listing, sender, transport) = try listing([
            Self.page(#"{"id":"1","name":"a"},{"id":"2","name":"b"}"#, next: "t2")
        ])
        listing.limit = 1
        var pages: [ModelListing.Page] = []
        _ = try await listing.run(from: "t0", sender: sender, rejected: { _ in }, deliver: { pages.append($0) })
        #expect(pages.count == 1 && pages[0].records.count == 1 && pages[0].nextToken == nil)
        #expect(transport.requests == 1 && transport.sent[0].contains("\"nextToken\":\"t0\""))
    }

    @Test func anItemErrorSetsItsRecordApartWithWhatIsLeftOfIt() async throws {
        let body = #"""
            {"data":{"listItems":{"items":[{"id":"1","name":null},{"id":"2","name":"b"}],"nextToken":null}},
             "errors":[{"message":"Not Authorized to access name on type Item","path":["listItems","items",0,"name"]}]}
            """#
        let (listing, sender, _) = try listing([body])
        var pages: [ModelListing.Page] = []
        let failed = try await listing.run(from: nil, sender: sender, rejected: { _ in }, deliver: { pages.append($0) })
        #expect(failed == 1)
        #expect(pages[0].records.map { $0["id"] } == ["2"])
        #expect(pages[0].failures.map(\.place) == ["page 1, Item id=1"])
        #expect(pages[0].failures.first?.partial == ["id": "1"])
    }

    @Test func strictRefusesThePageWithAnItemErrorAfterShowingTheResponse() async throws {
        let body = #"""
            {"data":{"listItems":{"items":[{"id":"1","name":null}],"nextToken":null}},
             "errors":[{"message":"boom","path":["listItems","items",0,"name"]}]}
            """#
        var (listing, sender, _) = try listing([body])
        listing.strict = true
        let shown = LockedValue(0)
        var delivered = 0
        let error = await #expect(throws: GQLPatchError.self) {
            _ = try await listing.run(
                from: nil, sender: sender, rejected: { _ in shown.withValue { $0 += 1 } },
                deliver: { _ in delivered += 1 })
        }
        #expect(error?.code == .graphQLError && error?.message.hasPrefix("the server answered with errors") == true)
        #expect(shown.current == 1 && delivered == 0)
    }

    @Test func aRepeatedTokenStopsTheReadAfterItsPageWasHandedOver() async throws {
        let (listing, sender, _) = try listing([
            Self.page(#"{"id":"1"}"#, next: "t1"), Self.page(#"{"id":"2"}"#, next: "t1"),
        ])
        var pages: [ModelListing.Page] = []
        let error = await #expect(throws: GQLPatchError.self) {
            _ = try await listing.run(from: nil, sender: sender, rejected: { _ in }, deliver: { pages.append($0) })
        }
        #expect(
            error?.code == .badResponse && error?.message.hasPrefix("listItems: the server returned nextToken") == true)
        #expect(pages.count == 2 && pages[1].nextToken == nil)
    }
}
