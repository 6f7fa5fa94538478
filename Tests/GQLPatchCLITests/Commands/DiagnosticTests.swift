import GQLPatchTestSupport
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// An error is printed with one prefix: `gqlpatch: error: MESSAGE`, or the message as it is when it
/// already starts with its place. It used to read `gqlpatch: error: <stdin>: error: ...` and
/// `gqlpatch: error: in.jsonl:3: error: ...` for places without a column.
@Suite struct DiagnosticTests {
    @Test(arguments: [
        ("no Item id=1", "gqlpatch: error: no Item id=1"),
        ("schema.graphql:3:7: error: expected Name", "schema.graphql:3:7: error: expected Name"),
        ("in.jsonl:3: error: unknown field", "in.jsonl:3: error: unknown field"),
        ("<stdin>: error: --patch expects a JSON object", "<stdin>: error: --patch expects a JSON object"),
        ("/home/a b/.aws/config:4:1: error: x", "/home/a b/.aws/config:4:1: error: x"),
        // A sentence that quotes an error is not a place.
        (
            "the server answered with errors: q.graphql:1:2: error: x",
            "gqlpatch: error: the server answered with errors: q.graphql:1:2: error: x"
        ),
        ("cannot read a file: error: x", "gqlpatch: error: cannot read a file: error: x"),
    ])
    func onePrefix(_ message: String, _ printed: String) {
        #expect(Application.diagnostic(message) == printed)
    }
}
