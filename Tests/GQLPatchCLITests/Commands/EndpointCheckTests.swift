import GQLPatchTestSupport
import HTTP
import Synchronization
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// An endpoint that is not a well-formed http(s) URL is refused with exit 78 before anything is sent.
@Suite struct EndpointCheckTests {
    final class CountingTransport: HTTPTransport {
        let sent = Mutex(0)

        func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
            sent.withLock { $0 += 1 }
            return HTTPResponse(status: 200, body: Array(#"{"data":{"updateItem":{"id":"1"}}}"#.utf8))
        }
    }

    @Test(arguments: [
        (
            "https://exa mple.com/graphql",
            "gqlpatch: error: endpoint 'https://exa mple.com/graphql' is not a valid http or https URL\n"
        ),
        ("https:///graphql", "gqlpatch: error: endpoint 'https:///graphql' is not a valid http or https URL\n"),
        (
            "https://h:99999/graphql",
            "gqlpatch: error: endpoint 'https://h:99999/graphql' is not a valid http or https URL\n"
        ),
        (
            "ftp://h/graphql",
            "gqlpatch: error: endpoint 'ftp://h/graphql' must start with https:// (or http:// for a local server)\n"
        ),
    ])
    func malformedEndpointsAreRefused(endpoint: String, message: String) async {
        let run = CapturedRun()
        let transport = CountingTransport()
        let code = await run.run(
            ["update", "Item", "--id", "1", "--set", "name=x"], schema: ResponseLimitTests.schema, transport: transport,
            endpoint: endpoint)
        #expect(code == 78)
        #expect(run.stderr == message)
        #expect(run.stdout.isEmpty)
        #expect(transport.sent.withLock { $0 } == 0, "nothing may be sent")
    }
}
