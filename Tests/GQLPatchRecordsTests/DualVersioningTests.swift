import Foundation
import GQLPatchTestSupport
import Testing

/// A v1 `@versioned` model in a project with conflict detection on: the real v1 transformer gives its
/// update and delete inputs both `expectedVersion: Int!` and `_version: Int`, and its resolvers check
/// both. gqlpatch carries one version per write, so it refuses to write such a model (exit 78, nothing
/// sent) instead of sending a write without `_version` that can only be rejected; reads still work.
@Suite(.enabled(if: V1Transformer.available, V1Transformer.missing))
struct DualVersioningTests {
    static let source = """
        type Post @model @versioned {
          id: ID!
          title: String!
          version: Int!
        }
        """
    static let conflictDetection = """
        {"Version": 5, "ResolverConfig": {"project": {"ConflictHandler": "AUTOMERGE", "ConflictDetection": "VERSION"}}}
        """

    static func compiled() throws -> String {
        let output = try V1Transformer.compile(source, transformConfig: conflictDetection)
        // The premise: the transformer really gives the inputs both versions.
        #expect(output.schema.contains("expectedVersion: Int!"))
        #expect(output.schema.contains("_version: Int"))
        return output.schema
    }

    @Test(arguments: [
        ["update", "Post", "--id", "p1", "--set", "title=New"],
        ["delete", "Post", "--id", "p1"],
        ["--dry-run", "update", "Post", "--id", "p1", "--set", "title=New"],
        ["--dry-run", "delete", "Post", "--id", "p1"],
    ])
    func writesAreRefusedBeforeSending(_ arguments: [String]) async throws {
        // Answers a request the fix must not send (the record, then a rejected write).
        let transport = ScriptedTransport([
            .graphQL(#"{"data": {"getPost": {"id": "p1", "title": "Old", "version": 3, "_version": 7}}}"#),
            .graphQL(#"{"data": null, "errors": [{"message": "rejected", "errorType": "ConflictUnhandled"}]}"#),
        ])
        let run = CapturedRun()
        let code = await run.run(arguments, schema: try Self.compiled(), transport: transport)
        #expect(code == 78)
        #expect(
            run.stderr.hasPrefix(
                "gqlpatch: error: Post has both v1 @versioned (version, expectedVersion) and conflict resolution (_version)"
            ),
            "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(transport.requests == 0)
    }

    @Test func readsStillWork() async throws {
        let transport = ScriptedTransport([
            .graphQL(#"{"data": {"getPost": {"id": "p1", "title": "Old", "version": 3, "_version": 7}}}"#)
        ])
        let run = CapturedRun()
        let code = await run.run(["get", "Post", "--id", "p1"], schema: try Self.compiled(), transport: transport)
        #expect(code == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""version":3"#))
    }
}
