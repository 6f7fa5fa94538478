import GQLPatchSupport
import HTTP

extension AWSCredentialChain {
    /// EC2 instance metadata: `PUT /latest/api/token` (IMDSv2), then `GET` the role name and its
    /// credentials with the token. One attempt per request, `imdsTimeout` (1 s) each, so a machine
    /// without IMDS gives up after one second. A token refusal of 403, 404 or 405 falls back to
    /// IMDSv1 (no token) unless `AWS_EC2_METADATA_V1_DISABLED=true`. Disabled by
    /// `AWS_EC2_METADATA_DISABLED=true`; `AWS_EC2_METADATA_SERVICE_ENDPOINT` moves it.
    package func instanceMetadataCredentials() async throws(GQLPatchError) -> Outcome {
        if env("AWS_EC2_METADATA_DISABLED")?.lowercased() == "true" {
            return .skipped("AWS_EC2_METADATA_DISABLED=true")
        }
        var base =
            env("AWS_EC2_METADATA_SERVICE_ENDPOINT")
            ?? (env("AWS_EC2_METADATA_SERVICE_ENDPOINT_MODE")?.lowercased() == "ipv6"
                ? "http://[fd00:ec2::254]" : "http://169.254.169.254")
        while base.hasSuffix("/") { base.removeLast() }
        let host = AWSEndpointURL(base)?.bareHost ?? base
        let timeoutText =
            imdsTimeout == imdsTimeout.rounded() ? String(imdsTimeout.saturated(to: Int.self)) : String(imdsTimeout)

        var tokenHeaders: [HeaderField] = []
        let tokenRequest = HTTPRequest(
            url: base + "/latest/api/token",
            method: "PUT",
            headers: [HeaderField(name: "X-aws-ec2-metadata-token-ttl-seconds", value: "21600")]
        )
        let tokenResponse: HTTPResponse
        do {
            tokenResponse = try await transport.send(tokenRequest, timeout: imdsTimeout)
        } catch {
            return .skipped("no answer from \(host) within \(timeoutText) s")
        }
        switch tokenResponse.status {
        case 200:
            let token = String(decoding: tokenResponse.body, as: UTF8.self)
            try HeaderCheck.checkCredential(token, what: "the instance metadata token from \(host)", origin: .server)
            tokenHeaders = [HeaderField(name: "X-aws-ec2-metadata-token", value: token, origin: .server)]
        case 403, 404, 405:
            if env("AWS_EC2_METADATA_V1_DISABLED")?.lowercased() == "true" {
                return .skipped("no IMDSv2 token (HTTP \(tokenResponse.status)) and IMDSv1 is disabled")
            }
        default:
            return .skipped("token request refused with HTTP \(tokenResponse.status)")
        }
        let version = tokenHeaders.isEmpty ? "IMDSv1" : "IMDSv2"

        let listURL = base + "/latest/meta-data/iam/security-credentials/"
        let roleResponse: HTTPResponse
        do {
            roleResponse = try await transport.send(
                HTTPRequest(url: listURL, method: "GET", headers: tokenHeaders), timeout: imdsTimeout)
        } catch {
            return .skipped("no answer from \(host) within \(timeoutText) s")
        }
        guard roleResponse.status == 200 else {
            return .skipped(
                roleResponse.status == 404
                    ? "no IAM role attached to the instance" : "role request refused with HTTP \(roleResponse.status)")
        }
        let role =
            String(decoding: roleResponse.body, as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first.map { String($0).trimmingWhitespace() } ?? ""
        guard !role.isEmpty else { return .skipped("no IAM role attached to the instance") }

        let credentialsResponse: HTTPResponse
        do {
            credentialsResponse = try await transport.send(
                HTTPRequest(url: listURL + role, method: "GET", headers: tokenHeaders), timeout: imdsTimeout)
        } catch {
            return .skipped("no answer from \(host) within \(timeoutText) s")
        }
        guard credentialsResponse.status == 200 else {
            return .skipped("credentials request for role \(role) refused with HTTP \(credentialsResponse.status)")
        }
        switch Self.jsonCredentials(credentialsResponse.body, tokenKey: "Token") {
        case .success(let found):
            return .found(
                ResolvedCredentials(
                    credentials: found.0, source: "instance metadata (\(version))", expiration: found.1, origin: .server
                ))
        case .failure(let problem):
            return .skipped("no credentials for role \(role): \(problem.message)")
        }
    }
}
