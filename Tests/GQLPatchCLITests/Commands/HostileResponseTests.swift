import GQLPatchTestSupport
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// Responses of the wrong shape, found by the hostile-server end-to-end tests: each is refused with
/// exit 76 and nothing on stdout.
@Suite struct HostileResponseTests {
    static let schema = "type Item @model {\n  id: ID!\n  name: String\n}\n"

    @Test(arguments: [
        (
            #"{"data": {"updateItem": "not an object"}}"#,
            #"updateItem returned "not an object" where an object was expected"#
        ),
        (#"{"data": {"updateItem": 42}}"#, "updateItem returned 42 where an object was expected"),
        (#"{"data": {"updateItem": ["id"]}}"#, #"updateItem returned ["id"] where an object was expected"#),
    ])
    func updateResultThatIsNotAnObject(body: String, message: String) async {
        let run = CapturedRun()
        let code = await run.run(
            ["update", "Item", "--id", "item-1", "--set", "name=Lamp"], schema: Self.schema,
            transport: CannedTransport(body: body))
        #expect(code == 76)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "gqlpatch: error: \(message)\n")
    }
}
