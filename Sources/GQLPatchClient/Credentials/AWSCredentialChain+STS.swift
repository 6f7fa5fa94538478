import AWSSigning
import GQLPatchSupport
import HTTP

extension AWSCredentialChain {
    /// STS Query API version.
    package static let stsVersion = "2011-06-15"

    /// The STS endpoint: `AWS_ENDPOINT_URL_STS`, else `AWS_ENDPOINT_URL` (both ignored when
    /// `AWS_IGNORE_CONFIGURED_ENDPOINT_URLS=true`), else `https://sts.<region>.amazonaws.com`
    /// (`.com.cn` in China), or `https://sts.amazonaws.com` without a region.
    package var stsEndpoint: String {
        if let configured = AWSEndpointURL.configured(serviceVariable: "STS", environment: environment) {
            return configured
        }
        guard let region else { return "https://sts.amazonaws.com" }
        return AWSEndpointURL.regional(service: "sts", region: region)
    }

    /// POSTs a form-encoded STS `action`, SigV4-signed (service `sts`) with `signingWith` or unsigned
    /// when it is `nil`, and reads the credentials from the XML reply. `IDPCommunicationError`
    /// is retried up to three attempts in all.
    package func callSTS(
        action: String,
        parameters: [(String, String)],
        signingWith signer: SigV4Credentials?,
        signerOrigin: HeaderOrigin = .configuration,
        roleARN: String,
        secrets: [String] = []
    ) async throws(GQLPatchError) -> (SigV4Credentials, Int) {
        if let signer {
            try ResolvedCredentials(
                credentials: signer, source: "the source credentials of \(roleARN)", origin: signerOrigin
            )
            .checkHeaderValues()
        }
        let endpointText = stsEndpoint
        guard let endpoint = AWSEndpointURL(endpointText) else {
            throw .configuration("the STS endpoint '\(Redactor.url(endpointText))' is not an http or https URL")
        }
        let body = Array(
            ([("Action", action), ("Version", Self.stsVersion)] + parameters)
                .map { Self.formEncoded($0.0) + "=" + Self.formEncoded($0.1) }
                .joined(separator: "&").utf8)
        let what = "STS \(action) for \(roleARN)"
        var attempt = 0
        while true {
            attempt += 1
            var request = HTTPRequest(
                url: endpointText,
                method: "POST",
                headers: [
                    HeaderField(name: "Host", value: endpoint.hostHeader),
                    HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded; charset=utf-8"),
                ],
                body: body,
                secrets: secrets
            )
            if let signer {
                let signing = SigV4Signer(credentials: signer, region: region ?? "us-east-1", service: "sts")
                let added = signing.sign(
                    SigningRequest(
                        method: "POST",
                        path: endpoint.path,
                        query: endpoint.query,
                        headers: request.headers.map { ($0.name, $0.value) },
                        body: body
                    ),
                    date: SigningDate(secondsSince1970: now())
                )
                request.headers += added.map { HeaderField(name: $0.name, value: $0.value, origin: signerOrigin) }
                request.secrets +=
                    [signer.secretAccessKey, signer.accessKeyID] + (signer.sessionToken.map { [$0] } ?? [])
            }
            let response: HTTPResponse
            do {
                response = try await transport.send(request, timeout: stsTimeout)
            } catch {
                throw GQLPatchError(error.code, "\(what) failed: \(error.message)")
            }
            if response.status == 200 {
                switch STSResponse.credentials(from: response.body) {
                case .success(let found): return found
                case .failure(let problem):
                    throw GQLPatchError(.badResponse, "\(what) failed: \(problem.text)")
                }
            }
            let failure = STSResponse.error(from: response.body)
            if failure?.code == "IDPCommunicationError", attempt < 3 { continue }
            var message = "\(what) failed: HTTP \(response.status)"
            if let failure {
                message += " \(failure.code)"
                if let detail = failure.message, !detail.isEmpty { message += ": \(detail)" }
            }
            throw GQLPatchError(Self.exitCode(status: response.status, code: failure?.code), message)
        }
    }

    private static func exitCode(status: Int, code: String?) -> ExitCode {
        if status >= 500 { return .unavailable }
        if status == 429 || code == "Throttling" { return .throttled }
        let refusals: Set<String> = [
            "AccessDenied", "InvalidClientTokenId", "ExpiredToken", "ExpiredTokenException",
            "InvalidIdentityToken", "IDPRejectedClaim", "SignatureDoesNotMatch", "RegionDisabledException",
        ]
        if status == 401 || status == 403 || refusals.contains(code ?? "") { return .unauthorized }
        return .configuration
    }

    /// Percent-encodes everything but the unreserved characters `A-Z a-z 0-9 - _ . ~`.
    package static func formEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(hex[Int(byte >> 4)])
                result.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }
}
