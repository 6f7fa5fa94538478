import AWSSigning
import FoundationEssentials
import GQLPatchSupport
import HTTP
import JSON

/// Talks to a Cognito identity pool: `GetId` and `GetCredentialsForIdentity`, JSON 1.1 POSTs to
/// `https://cognito-identity.<region>.amazonaws.com/` (the region is the pool id's part before `:`),
/// unsigned (they are public operations). `AWS_ENDPOINT_URL_COGNITO_IDENTITY`, else `AWS_ENDPOINT_URL`,
/// overrides the endpoint as the AWS SDKs read them. Throttling, HTTP 5xx and lost connections are
/// tried three times in all.
public struct CognitoIdentityClient: Sendable {
    /// The `X-Amz-Target` prefix of the identity pool API.
    package static let targetPrefix = "AWSCognitoIdentityService."
    /// The largest answer read (a real one is about 2 KB).
    package static let responseLimit = 1 << 20

    /// `REGION:UUID`.
    public let identityPoolID: String
    /// The pool's region, from its id.
    public let region: String
    /// The endpoint asked.
    public let endpoint: String
    /// Whether the endpoint is plain http to a host other than this machine: the answers carry
    /// credentials (and a signed-in request an ID token), which must not travel in clear.
    public let sendsInClear: Bool
    package let transport: any HTTPTransport
    /// Seconds to wait for each answer.
    package var timeout: Double = 10
    /// Seconds before the second attempt; doubled before the third.
    package var retryDelay: Double = 0.5

    /// A client for `identityPoolID` (checked: `.configuration` when it is not `REGION:ID` or when the
    /// endpoint override is not an http(s) URL). The caller refuses `sendsInClear` endpoints.
    public init(identityPoolID: String, environment: [String: String], transport: any HTTPTransport)
        throws(GQLPatchError)
    {
        guard let region = Self.region(ofPool: identityPoolID) else {
            throw .configuration(Self.badPoolIDMessage(identityPoolID))
        }
        let configured = AWSEndpointURL.configured(serviceVariable: "COGNITO_IDENTITY", environment: environment)
        let endpoint = configured ?? AWSEndpointURL.regional(service: "cognito-identity", region: region) + "/"
        guard let parsed = AWSEndpointURL(endpoint) else {
            throw .configuration(
                "the Cognito identity endpoint '\(Redactor.url(endpoint))' (AWS_ENDPOINT_URL_COGNITO_IDENTITY) is not an http or https URL"
            )
        }
        self.sendsInClear = parsed.scheme == "http" && !parsed.isLoopback
        self.identityPoolID = identityPoolID
        self.region = region
        self.endpoint = endpoint
        self.transport = transport
    }

    /// The region of a pool id `REGION:ID` (`us-east-1:…` → `us-east-1`); nil when it is not of that
    /// form or longer than the API's 55 characters.
    public static func region(ofPool id: String) -> String? {
        guard id.utf8.count <= CognitoIdentityResponse.identityIDLimit, CognitoIdentityResponse.isIdentityID(id),
            let colon = id.firstIndex(of: ":")
        else { return nil }
        return String(id[..<colon])
    }

    /// Why `id` is not an identity pool id, for a message.
    public static func badPoolIDMessage(_ id: String) -> String {
        "'\(id)' is not a Cognito identity pool id (REGION:ID, such as us-east-1:0e4f7c1a-…)"
    }

    /// The `Logins` key of a user pool's ID tokens: `cognito-idp.<region>.amazonaws.com/<user pool id>`.
    public static func loginsKey(userPoolID: String) -> String {
        let region = userPoolID.split(separator: "_", maxSplits: 1).first.map(String.init) ?? userPoolID
        let host = AWSEndpointURL.regional(service: "cognito-idp", region: region).dropFirst("https://".count)
        return "\(host)/\(userPoolID)"
    }

    /// `GetId`: a new identity of the pool (guest when `logins` is empty, else the signed-in user's).
    public func getID(logins: [String: String]) async throws(GQLPatchError) -> String {
        var body: [(String, JSONValue)] = [("IdentityPoolId", .string(identityPoolID))]
        if !logins.isEmpty { body.append(("Logins", Self.loginsJSON(logins))) }
        let answer = try await call("GetId", body: body, secrets: Array(logins.values), guest: logins.isEmpty)
        switch CognitoIdentityResponse.identityID(from: answer) {
        case .success(let id): return id
        case .failure(let problem):
            throw GQLPatchError(
                .badResponse, "Cognito GetId for identity pool \(identityPoolID) failed: \(problem.text)")
        }
    }

    /// `GetCredentialsForIdentity`: temporary credentials of `identityID` and their expiry (seconds since 1970).
    public func credentials(identityID: String, logins: [String: String]) async throws(GQLPatchError) -> (
        SigV4Credentials, Int
    ) {
        var body: [(String, JSONValue)] = [("IdentityId", .string(identityID))]
        if !logins.isEmpty { body.append(("Logins", Self.loginsJSON(logins))) }
        let answer = try await call(
            "GetCredentialsForIdentity", body: body, secrets: Array(logins.values), guest: logins.isEmpty)
        switch CognitoIdentityResponse.credentials(from: answer) {
        case .success(let found): return found
        case .failure(let problem):
            throw GQLPatchError(
                .badResponse,
                "Cognito GetCredentialsForIdentity for identity pool \(identityPoolID) failed: \(problem.text)")
        }
    }

    /// The request body of `operation` (exposed for tests of its shape).
    package static func requestBody(_ fields: [(String, JSONValue)]) -> [UInt8] {
        Array(JSONValue.object(JSONObject(fields)).serialized().utf8)
    }

    private static func loginsJSON(_ logins: [String: String]) -> JSONValue {
        .object(JSONObject(logins.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }))
    }

    /// POSTs `operation` and returns the body of its 200 answer; throws the mapped error otherwise.
    private func call(_ operation: String, body fields: [(String, JSONValue)], secrets: [String], guest: Bool)
        async throws(GQLPatchError) -> [UInt8]
    {
        let what = "Cognito \(operation) for identity pool \(identityPoolID)"
        let host = AWSEndpointURL(endpoint)?.hostHeader ?? endpoint
        var request = HTTPRequest(
            url: endpoint, method: "POST",
            headers: [
                HeaderField(name: "Host", value: host),
                HeaderField(name: "Content-Type", value: "application/x-amz-json-1.1"),
                HeaderField(name: "X-Amz-Target", value: Self.targetPrefix + operation),
            ],
            body: Self.requestBody(fields), secrets: secrets)
        request.maximumResponseBytes = Self.responseLimit
        var attempt = 0
        while true {
            attempt += 1
            if attempt > 1, retryDelay > 0 {
                let seconds = retryDelay * Double(1 << (attempt - 2))
                try? await Task.sleep(nanoseconds: (seconds * 1_000_000_000).saturated(to: UInt64.self))
            }
            let response: HTTPResponse
            do {
                response = try await transport.send(request, timeout: timeout)
            } catch {
                if error.code == .unavailable, attempt < 3 { continue }
                throw GQLPatchError(error.code, "\(what) failed: \(error.message)")
            }
            if response.status == 200 { return response.body }
            let failure = CognitoIdentityResponse.error(from: response.body)
            let code = Self.exitCode(status: response.status, code: failure?.code)
            if code == .unavailable || code == .throttled, attempt < 3 { continue }
            var message = "\(what) failed: HTTP \(response.status)"
            if let failure {
                message += " \(failure.code)"
                if let detail = failure.message, !detail.isEmpty { message += ": \(detail)" }
            }
            message += advice(for: failure?.code, guest: guest)
            throw GQLPatchError(code, message)
        }
    }

    /// What to do about an error the user can fix.
    private func advice(for code: String?, guest: Bool) -> String {
        switch code {
        case "NotAuthorizedException" where guest:
            return
                "; enable guest (unauthenticated) access on the identity pool: in the Cognito console, the pool's "
                + "User access tab, Guest access; in Amplify Gen 2, cfnIdentityPool.allowUnauthenticatedIdentities = "
                + "true in amplify/backend.ts; in Gen 1, amplify update auth (allow unauthenticated logins)"
        case "NotAuthorizedException":
            return "; the ID token must be a current one of a user pool the identity pool lists as a provider"
        case "ResourceNotFoundException":
            return "; check the identity pool id and its region"
        default:
            return ""
        }
    }

    /// 5xx and lost connections: 69; throttling: 75 (both after the retries); refusals: 77; a pool that
    /// does not exist or a request it calls invalid: 78.
    private static func exitCode(status: Int, code: String?) -> ExitCode {
        let throttles: Set<String> = ["TooManyRequestsException", "ThrottlingException", "LimitExceededException"]
        if status == 429 || throttles.contains(code ?? "") { return .throttled }
        let unavailable: Set<String> = ["InternalErrorException", "ServiceUnavailable", "ExternalServiceException"]
        if status >= 500 || unavailable.contains(code ?? "") { return .unavailable }
        if status == 401 || status == 403 || code == "NotAuthorizedException" { return .unauthorized }
        if code == nil { return .badResponse }
        return .configuration
    }
}
