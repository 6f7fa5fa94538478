import GQLPatchSupport
import HTTP
import JSON

/// Posts Cognito Identity Provider operations (JSON 1.1: `application/x-amz-json-1.1` and
/// `X-Amz-Target: AWSCognitoIdentityProviderService.<Operation>`, unsigned: the public client
/// operations need no AWS credentials) and reads the answers, bounded and checked.
/// Throttling, HTTP 5xx and connection failures are tried again (these operations change nothing
/// on the server until they succeed, so a lost answer costs at most a new sign-in).
public struct CognitoService: Sendable {
    /// Seconds to sleep, for the backoff (injected by tests).
    public typealias Sleep = @Sendable (Double) async -> Void

    public var app: UserPoolApp
    public var transport: any HTTPTransport
    public var timeout: Double
    /// Tries in all for a transient failure.
    public var maxAttempts = 3
    /// Seconds before the first retry; doubled for each next one.
    public var baseDelay = 0.25
    public var sleep: Sleep
    /// `--verbose`: told each operation and its answer's status (never a body: they hold the
    /// password and the tokens).
    public var trace: (@Sendable (String) -> Void)?
    /// How the caller names the sign-in settings its advice mentions (`--client-id`, `--mfa-code`).
    package var wording: any InputWording

    /// The largest answer read: Cognito's are a few kilobytes (three tokens).
    public static let maxAnswerBytes = 256 << 10

    package init(
        app: UserPoolApp, transport: any HTTPTransport, timeout: Double = 30, sleep: Sleep? = nil,
        trace: (@Sendable (String) -> Void)? = nil, wording: any InputWording
    ) {
        self.app = app
        self.wording = wording
        self.trace = trace
        self.transport = transport
        self.timeout = timeout
        self.sleep = sleep ?? { seconds in try? await Task.sleep(for: .milliseconds(Int(seconds * 1000))) }
    }

    /// POSTs `operation` with `body`; the answer's JSON object. `what` starts every error message
    /// (`signing in as alice to us-east-1_AbC`); `secrets` are registered with the request.
    package func call(_ operation: String, _ body: JSONObject, what: String, secrets: [String])
        async throws(GQLPatchError) -> JSONObject
    {
        guard let url = AWSEndpointURL(app.endpoint) else {
            throw .configuration("the Cognito endpoint '\(Redactor.url(app.endpoint))' is not an http or https URL")
        }
        var bytes: [UInt8] = []
        JSONValue.object(body).write(to: &bytes, pretty: false)
        var request = HTTPRequest(
            url: app.endpoint, method: "POST",
            headers: [
                HeaderField(name: "Host", value: url.hostHeader),
                HeaderField(name: "Content-Type", value: "application/x-amz-json-1.1"),
                HeaderField(name: "X-Amz-Target", value: "AWSCognitoIdentityProviderService.\(operation)"),
            ],
            body: bytes, secrets: secrets)
        request.maximumResponseBytes = Self.maxAnswerBytes
        let host = app.endpointHost
        var attempt = 0
        while true {
            attempt += 1
            let response: HTTPResponse
            trace?("> POST \(Redactor.url(app.endpoint)) \(operation) (body not shown: it holds secrets)")
            do {
                response = try await transport.send(request, timeout: timeout)
                trace?("< HTTP \(response.status) (\(response.body.count) bytes, not shown)")
            } catch {
                if error.code == .unavailable, attempt < maxAttempts {
                    await sleep(delay(after: attempt))
                    continue
                }
                throw GQLPatchError(error.code, "\(what) failed: \(error.message)")
            }
            if response.status == 200 {
                guard let object = (try? JSONValue.parse(response.body))?.objectValue else {
                    throw GQLPatchError(
                        .badResponse,
                        "\(what) failed: Cognito at \(host) answered HTTP 200 with a body that is not a JSON object")
                }
                return object
            }
            let failure = CognitoFailure(status: response.status, body: response.body)
            if failure.isTransient, attempt < maxAttempts {
                await sleep(delay(after: attempt))
                continue
            }
            var message = "\(what) failed: Cognito at \(host) answered \(failure.text)"
            if let hint = failure.hint(wording) { message += " (\(hint))" }
            throw GQLPatchError(failure.exitCode, message)
        }
    }

    private func delay(after attempt: Int) -> Double {
        baseDelay * Double(sign: .plus, exponent: attempt - 1, significand: 1)
    }
}
