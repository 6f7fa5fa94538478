import GQLPatchSupport
import HTTP

/// Registers the secrets of every request with the run's `SecretScrubber` before handing it on, so
/// that whatever a server echoes back, nothing printed afterwards shows them: the request's own
/// `secrets` (keys, tokens, the secret key that signed it) and the value of every header that carries
/// a credential (`Redactor.isSecretHeader`: `x-api-key`, `Authorization`, a `--header 'X-Token: ...'`).
/// Every request of a run (GraphQL, STS, container, instance metadata) goes through it.
public struct SecretRecordingTransport: HTTPTransport {
    public var base: any HTTPTransport
    public var scrubber: SecretScrubber

    public init(base: any HTTPTransport, scrubber: SecretScrubber) {
        self.base = base
        self.scrubber = scrubber
    }

    public func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        // A SigV4 `Authorization` is not registered whole: its secret part, the access key id, is in
        // `secrets`, and the rest (`SignedHeaders=content-type;host;...`) would scrub ordinary words.
        let headerSecrets = request.headers.filter { Redactor.isSecretHeader($0.name) && !$0.value.hasPrefix("AWS4-") }
        scrubber.register(request.secrets + headerSecrets.map(\.value))
        return try await base.send(request, timeout: timeout)
    }
}
