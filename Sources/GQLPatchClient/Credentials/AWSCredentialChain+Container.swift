import AWSSigning
import GQLPatchSupport
import HTTP
import JSON

extension AWSCredentialChain {
    /// Hosts an `http` `AWS_CONTAINER_CREDENTIALS_FULL_URI` may name besides loopback addresses.
    package static let allowedContainerHosts: Set<String> = [
        "169.254.170.2", "169.254.170.23", "fd00:ec2::23", "localhost",
    ]

    /// Container credentials (ECS, CodeBuild, EKS Pod Identity): `GET` the relative URI against
    /// `169.254.170.2`, or the full URI when it is `https` or names a loopback or allowed host,
    /// with `Authorization` from `AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE` (wins) or
    /// `AWS_CONTAINER_AUTHORIZATION_TOKEN`. Three attempts; failing all of them is an error.
    package func containerCredentials() async throws(GQLPatchError) -> Outcome {
        let url: String
        if let relative = env("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI") {
            url = containerBase + (relative.hasPrefix("/") ? relative : "/" + relative)
        } else if let full = env("AWS_CONTAINER_CREDENTIALS_FULL_URI") {
            guard let parsed = AWSEndpointURL(full) else {
                throw .configuration("AWS_CONTAINER_CREDENTIALS_FULL_URI '\(full)' is not an http or https URL")
            }
            guard parsed.scheme == "https" || Self.isAllowedContainerHost(parsed.bareHost) else {
                throw .configuration(
                    "AWS_CONTAINER_CREDENTIALS_FULL_URI names host \(parsed.host): only https URLs, loopback addresses "
                        + "and 169.254.170.2, 169.254.170.23, fd00:ec2::23 are allowed")
            }
            url = full
        } else {
            return .skipped("AWS_CONTAINER_CREDENTIALS_* not set")
        }

        var headers = [HeaderField(name: "Accept", value: "application/json")]
        if let token = try containerAuthorizationToken() {
            headers.append(HeaderField(name: "Authorization", value: token))
        }
        let request = HTTPRequest(url: url, method: "GET", headers: headers)
        let host = AWSEndpointURL(url)?.hostHeader ?? url
        var lastProblem = ""
        for attempt in 1...3 {
            if attempt > 1, containerRetryDelay > 0 {
                try? await Task.sleep(nanoseconds: (containerRetryDelay * 1_000_000_000).saturated(to: UInt64.self))
            }
            do {
                let response = try await transport.send(request, timeout: containerTimeout)
                guard response.status == 200 else {
                    lastProblem = "HTTP \(response.status)"
                    continue
                }
                switch Self.jsonCredentials(response.body, tokenKey: "Token") {
                case .success(let found):
                    return .found(
                        ResolvedCredentials(
                            credentials: found.0, source: "container", expiration: found.1, origin: .server))
                case .failure(let problem):
                    lastProblem = problem.message
                }
            } catch {
                lastProblem = error.message
            }
        }
        throw GQLPatchError(.unavailable, "container credentials from \(host) failed after 3 attempts: \(lastProblem)")
    }

    /// The `Authorization` value for the container endpoint, checked for line breaks.
    private func containerAuthorizationToken() throws(GQLPatchError) -> String? {
        let token: String
        if let file = env("AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE") {
            token = String(decoding: try readFile(file, origin: .named), as: UTF8.self)
        } else if let value = env("AWS_CONTAINER_AUTHORIZATION_TOKEN") {
            token = value
        } else {
            return nil
        }
        try HeaderCheck.checkCredential(token, what: "the container authorization token", origin: .configuration)
        return token
    }

    package static func isAllowedContainerHost(_ host: String) -> Bool {
        if allowedContainerHosts.contains(host) || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { part in UInt8(part) != nil }
    }

    /// A problem with a JSON credentials document; the message never quotes the document.
    package struct JSONCredentialsProblem: Error, Sendable {
        package var message: String
    }

    /// Reads `AccessKeyId`, `SecretAccessKey`, the token under `tokenKey` and `Expiration` (all
    /// required) from a container or instance-metadata reply.
    package static func jsonCredentials(_ body: [UInt8], tokenKey: String) -> Result<
        (SigV4Credentials, Int), JSONCredentialsProblem
    > {
        let document: JSONValue
        do {
            document = try JSONValue.parse(body)
        } catch {
            return .failure(JSONCredentialsProblem(message: "the reply is not JSON (\(error.line):\(error.column))"))
        }
        var values: [String: String] = [:]
        for key in ["AccessKeyId", "SecretAccessKey", tokenKey, "Expiration"] {
            guard let value = document[key]?.stringValue, !value.isEmpty else {
                return .failure(JSONCredentialsProblem(message: "the reply has no \(key)"))
            }
            values[key] = value
        }
        guard let expiration = ISO8601Timestamp.secondsSince1970(values["Expiration"]!) else {
            return .failure(JSONCredentialsProblem(message: "the reply's Expiration is not an RFC 3339 timestamp"))
        }
        return .success(
            (
                SigV4Credentials(
                    accessKeyID: values["AccessKeyId"]!, secretAccessKey: values["SecretAccessKey"]!,
                    sessionToken: values[tokenKey]!),
                expiration
            ))
    }
}
