import Foundation
import GQLPatchSupport
import HTTP
import JSON

/// AppSync's control plane, for what gqlpatch asks of it: `GetGraphqlApi` (the API's endpoints and
/// auth modes) and `GetIntrospectionSchema` (its schema, which answers when introspection through
/// the GraphQL endpoint is turned off, and for merged APIs). Requests are `GET`s signed with SigV4
/// for service `appsync`; throttling, 5xx and a connection that could not be made are tried again
/// (a `GET` changes nothing), up to `attempts` times.
package struct AppSyncControlPlane: Sendable {
    package var transport: any HTTPTransport
    /// Signs each request (`.iam`).
    package var authorizer: RequestAuthorizer
    package var region: String
    package var endpoint: ControlPlaneEndpoint
    package var timeout: Double
    package var attempts = 3
    /// The largest schema accepted, in bytes.
    package static let maximumSchemaBytes = 16 << 20

    package init(
        transport: any HTTPTransport, authorizer: RequestAuthorizer, region: String, endpoint: ControlPlaneEndpoint,
        timeout: Double
    ) {
        self.transport = transport
        self.authorizer = authorizer
        self.region = region
        self.endpoint = endpoint
        self.timeout = timeout
    }

    /// `GetGraphqlApi` for `apiID`.
    package func describe(apiID: String) async throws(GQLPatchError) -> GraphQLAPIDescription {
        let response = try await get("/v1/apis/\(apiID)", query: "", operation: "GetGraphqlApi", apiID: apiID)
        let json: JSONValue
        do {
            json = try JSONValue.parse(response.body)
        } catch {
            throw GQLPatchError(
                .badResponse,
                "GetGraphqlApi at \(Redactor.url(endpoint.url)) did not answer JSON for API \(apiID) (HTTP \(response.status)); nothing was sent to the API"
            )
        }
        return try GraphQLAPIDescription(answer: json, asked: apiID)
    }

    /// `GetIntrospectionSchema` for `apiID`: the SDL with the AppSync directives.
    package func schema(apiID: String) async throws(GQLPatchError) -> [UInt8] {
        let response = try await get(
            "/v1/apis/\(apiID)/schema", query: "format=SDL&includeDirectives=true",
            operation: "GetIntrospectionSchema", apiID: apiID)
        guard !response.body.isEmpty, (try? JSONValue.parse(response.body)) == nil else {
            throw GQLPatchError(
                .badResponse,
                "GetIntrospectionSchema at \(Redactor.url(endpoint.url)) answered \(response.body.isEmpty ? "nothing" : "JSON, not SDL,") for API \(apiID); nothing was sent to the API"
            )
        }
        return response.body
    }

    /// One signed `GET`, tried again on throttling, 5xx and a failed connection; any other failure is
    /// worded by `ControlPlaneFailure`.
    private func get(_ path: String, query: String, operation: String, apiID: String) async throws(GQLPatchError)
        -> HTTPResponse
    {
        var attempt = 0
        while true {
            attempt += 1
            var request = HTTPRequest(
                url: endpoint.url + path + (query.isEmpty ? "" : "?" + query), method: "GET",
                headers: [HeaderField(name: "Accept", value: "application/json")])
            request.maximumResponseBytes = Self.maximumSchemaBytes
            try await authorizer.authorize(&request)
            let failure: ControlPlaneFailure
            do {
                let response = try await transport.send(request, timeout: timeout)
                if response.status == 200 { return response }
                failure = ControlPlaneFailure(response: response)
            } catch {
                guard error.notConnected || error.code == .unavailable, attempt < attempts else { throw error }
                try await pause(beforeRetry: attempt)
                continue
            }
            if failure.retryable, attempt < attempts {
                try await pause(beforeRetry: attempt)
                continue
            }
            throw failure.error(operation: operation, apiID: apiID, region: region, endpoint: endpoint)
        }
    }

    private func pause(beforeRetry retry: Int) async throws(GQLPatchError) {
        let seconds = Backoff.requests.seconds(beforeRetry: retry, random: Double.random(in: 0..<1))
        do {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
        } catch {
            throw GQLPatchError(.interrupted, "interrupted while waiting to ask AppSync's control plane again")
        }
    }
}
