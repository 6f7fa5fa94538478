import GQLPatchTestSupport
import HTTP
import JSON
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct GraphQLClientRequestTests {
    private struct Unused: HTTPTransport {
        func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
            throw GQLPatchError(.unavailable, "not used")
        }
    }

    private func names(_ extra: [HeaderField]) -> [String] {
        let client = GraphQLClient(
            endpoint: "https://h/graphql", transport: Unused(), authorizer: .none, extraHeaders: extra,
            wording: SourceNameWording())
        return client.request(for: .object(JSONObject())).headers.map { "\($0.name): \($0.value)" }
    }

    @Test func defaultsGoOutWhenNoHeaderIsGiven() {
        #expect(names([]) == ["Content-Type: application/json", "Accept: application/json"])
    }

    @Test func aHeaderOfTheSameNameReplacesTheDefault() {
        #expect(
            names([HeaderField(name: "content-type", value: "application/json; charset=utf-8")])
                == ["Accept: application/json", "content-type: application/json; charset=utf-8"])
    }

    @Test func otherHeadersAreAdded() {
        #expect(
            names([HeaderField(name: "X-Trace", value: "1")])
                == ["Content-Type: application/json", "Accept: application/json", "X-Trace: 1"])
    }
}
