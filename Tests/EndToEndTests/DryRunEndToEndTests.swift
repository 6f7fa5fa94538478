import Foundation
import JSON
import Testing

/// `--dry-run` on a versioned API: the plan shows the fetch and the update, sends nothing and
/// shows no secret.
@Suite struct DryRunEndToEndTests {
    static let token = "eyJraWQiOiJzZWNyZXQtdG9rZW4tZm9yLWUyZSJ9.payload.signature"

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var schemaKind: VersionedUpdateEndToEndTests.SchemaKind
        var credentials: [String]
        var auth: String
        var header: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(
            name: "compiled schema, API key", schemaKind: .compiled, credentials: ["--api-key", Emulator.apiKey],
            auth: "api-key", header: "x-api-key"),
        Case(
            name: "source schema with --conflict-resolution on, token", schemaKind: .sourceWithOn,
            credentials: ["--auth", "user-pool", "--token", DryRunEndToEndTests.token], auth: "user-pool",
            header: "Authorization"),
    ])
    func versionedPlanHasTwoStepsAndSendsNothing(_ dryRun: Case) throws {
        let emulator = try VersionedUpdateEndToEndTests.versionedEmulator("optimistic", extra: ["--token", Self.token])
        defer { emulator.stop() }
        let schema = try VersionedUpdateEndToEndTests.schema(
            dryRun.schemaKind, handler: "optimistic", emulator: emulator)
        let before = try emulator.requests().count
        let result = try emulator.gqlpatchWithoutCredentials(
            ["--dry-run", "--verbose"] + dryRun.credentials + schema.flags
                + ["update", "Item", "--id", "item-1", "--set", "name=Lamp", "--set", "description=new"],
            schema: schema.path)
        let plan = try result.singleDocument()
        #expect(try emulator.requests().count == before, "a dry run sends nothing")

        #expect(plan["dryRun"] == true)
        #expect(plan["endpoint"] == .string(emulator.endpoint))
        #expect(plan["auth"] == .string(dryRun.auth))
        #expect(plan["headers"]?.arrayValue?.contains(.string(dryRun.header)) == true)
        let steps = try #require(plan["steps"]?.arrayValue)
        #expect(steps.count == 2)
        #expect(steps.first?["purpose"] == "fetch the record and its _version")
        let fetch = try #require(steps.first?["query"]?.stringValue)
        #expect(fetch.hasPrefix("query GetItem($id: ID!) { getItem(id: $id) {"), "\(fetch)")
        #expect(fetch.contains(" _version") && fetch.contains(" _deleted"), "\(fetch)")
        #expect(steps.first?["variables"] == ["id": "item-1"])
        #expect(steps.last?["purpose"] == "update, with _version from step 1")
        #expect(
            steps.last?["query"]?.stringValue?.hasPrefix(
                "mutation UpdateItem($input: UpdateItemInput!) { updateItem(input: $input) {") == true)
        #expect(
            steps.last?["variables"] == [
                "input": ["id": "item-1", "name": "Lamp", "description": "new", "_version": "<_version from step 1>"]
            ])

        for secret in [Emulator.apiKey, Self.token] {
            #expect(!result.stdout.contains(secret), "stdout shows a secret")
            #expect(!result.stderr.contains(secret), "stderr shows a secret")
        }
        let stored = try emulator.storedItem("item-1")
        #expect(stored["name"] == "Chair")
        #expect(stored["_version"] == 1)
    }
}
