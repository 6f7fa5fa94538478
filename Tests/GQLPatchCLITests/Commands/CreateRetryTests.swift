import Foundation
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// `gqlpatch create` and `apply`'s create retry by the same rules (`RetryPolicy`, through the same
/// sender): a lost connection, HTTP 5xx and 429 (in the status or as DynamoDB throttling) are tried
/// again; a garbled answer, a 4xx and GraphQL errors are not. The command line used to retry any
/// "unavailable" or "bad response" error once, and never a 429 (issue 14).
@Suite struct CreateRetryTests {
    static let created = ScriptedTransport.Answer.graphQL(#"{"data": {"createItem": {"id": "i1", "name": "Lamp"}}}"#)

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var first: ScriptedTransport.Answer
        /// Requests sent when the second answer is the created record.
        var requests: Int
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "HTTP 429", first: .status(429), requests: 2),
        Case(
            name: "DynamoDB throttling",
            first: .graphQL(
                #"{"data": null, "errors": [{"message": "x", "errorType": "DynamoDB:ProvisionedThroughputExceededException"}]}"#
            ), requests: 2),
        Case(name: "HTTP 503", first: .status(503), requests: 2),
        Case(
            name: "a lost connection",
            first: .error(GQLPatchError(.unavailable, "the connection to h was lost before a response arrived")),
            requests: 2),
        Case(name: "a body that is not JSON", first: .status(200, body: "<html>"), requests: 1),
        Case(name: "HTTP 404", first: .status(404), requests: 1),
    ]

    static func schema() throws -> String {
        try String(contentsOf: BatchFixture.root.appendingPathComponent("schema.graphql"), encoding: .utf8)
    }

    @Test(arguments: cases)
    func commandLineCreateRetriesByTheRetryPolicy(_ row: Case) async throws {
        let transport = ScriptedTransport([row.first, Self.created])
        let run = CapturedRun()
        let status = await run.run(
            ["create", "Item", "--set", "id=i1", "--set", "name=Lamp"], schema: try Self.schema(), transport: transport)
        #expect(transport.requests == row.requests, "\(run.stderr)")
        #expect((status == 0) == (row.requests == 2), "\(run.stderr)")
        if row.requests == 2 {
            #expect(run.stderr.hasSuffix("; sending the create once more with the same key\n"), "\(run.stderr)")
        }
    }

    @Test(arguments: cases)
    func applyCreateRetriesByTheSameRetryPolicy(_ row: Case) async throws {
        let transport = ScriptedTransport([row.first, Self.created])
        let client = GraphQLClient(
            endpoint: "https://h/graphql", transport: transport, authorizer: .none, wording: CommandLineWording())
        // The command line's policy: one retry.
        let sender = BatchSender(client: client, policy: RetryPolicy(maxAttempts: 2), limiter: nil, sleep: { _ in })
        let catalogue = try BatchFixture.catalogue()
        let parser = BatchLineParser(
            catalogue: catalogue, conflictResolution: .auto, atomic: false,
            wording: ApplyLineWording(run: CommandLineWording()))
        let line = #"{"op": "create", "model": "Item", "key": {"id": "i1"}, "set": {"name": "Lamp"}}"#
        let operation = try parser.parse(JSONLine(number: 1, bytes: Array(line.utf8)))
        let executor = BatchRecordExecutor(
            catalogue: catalogue, sender: sender, retryConflicts: 3, conflictResolution: .auto, atomic: false,
            wording: ApplyLineWording(run: CommandLineWording()))
        let result = await executor.run(operation)
        #expect(transport.requests == row.requests)
        #expect((result.status == .created) == (row.requests == 2), "\(result)")
    }
}
