/// Signs HTTP requests with AWS Signature Version 4 (header form, `AWS4-HMAC-SHA256`).
///
/// Each step of AWS's "Create a signed AWS API request" procedure is a separate function, so each
/// can be checked against the test suites on its own; `sign(_:date:)` runs them all.
public struct SigV4Signer: Sendable {
    /// The algorithm name at the head of the string to sign and of `Authorization`.
    public static let algorithm = "AWS4-HMAC-SHA256"

    /// The credentials to sign with.
    public var credentials: SigV4Credentials
    /// The AWS region, e.g. `us-east-1`.
    public var region: String
    /// The signing name of the service, e.g. `appsync`.
    public var service: String
    /// Per-service choices; the defaults suit AppSync.
    public var options: SigV4Options

    /// Makes a signer for `service` in `region`.
    public init(credentials: SigV4Credentials, region: String, service: String, options: SigV4Options = SigV4Options())
    {
        self.credentials = credentials
        self.region = region
        self.service = service
        self.options = options
    }

    /// Step 1, "Create a canonical request": method, canonical URI, canonical query string,
    /// canonical headers, signed headers and the hex SHA-256 of the body, one per line.
    ///
    /// The headers are those of `request` plus the ones `sign` adds before signing (`X-Amz-Date`,
    /// `X-Amz-Security-Token` unless `omitsSessionToken`, and `x-amz-content-sha256` if
    /// `signsBody`), which replace any of the same name already in `request`.
    public func canonicalRequest(for request: SigningRequest, date: SigningDate) -> String {
        canonical(request, date: date, payloadHash: payloadHash(of: request)).text
    }

    /// The credential scope: `yyyyMMdd/region/service/aws4_request`.
    public func credentialScope(date: SigningDate) -> String {
        date.dateStamp + "/" + region + "/" + service + "/aws4_request"
    }

    /// Steps 2 and 3, "Create a hash of the canonical request" and "Create a string to sign":
    /// the algorithm, the `X-Amz-Date` timestamp, the credential scope and the hex SHA-256 of the
    /// canonical request, one per line.
    public func stringToSign(canonicalRequest: String, date: SigningDate) -> String {
        [
            Self.algorithm,
            date.amzDate,
            credentialScope(date: date),
            SHA256.hash(data: canonicalRequest.utf8).hexString,
        ].joined(separator: "\n")
    }

    /// Step 4, "Calculate the signature", first half: derive the signing key,
    /// `HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request")`.
    public func signingKey(date: SigningDate) -> [UInt8] {
        SigningKeyChain(
            secretAccessKey: credentials.secretAccessKey,
            dateStamp: date.dateStamp,
            region: region,
            service: service
        ).signing
    }

    /// Step 4, "Calculate the signature", second half: the hex HMAC-SHA256 of the string to sign
    /// under the signing key for `date`.
    public func signature(stringToSign: String, date: SigningDate) -> String {
        HMAC<SHA256>.authenticationCode(for: stringToSign.utf8, using: SymmetricKey(data: signingKey(date: date)))
            .hexString
    }

    /// Step 5, "Add the signature to the request": the `Authorization` header value.
    public func authorization(signedHeaders: String, signature: String, date: SigningDate) -> String {
        Self.algorithm + " Credential=" + credentials.accessKeyID + "/" + credentialScope(date: date)
            + ", SignedHeaders=" + signedHeaders + ", Signature=" + signature
    }

    /// Signs `request` at `date` and returns the headers to set on it, replacing any of the same
    /// name: `X-Amz-Date`, `X-Amz-Security-Token` when the credentials have a session token,
    /// `x-amz-content-sha256` when `signsBody` is set, and `Authorization`.
    public func sign(_ request: SigningRequest, date: SigningDate) -> [(name: String, value: String)] {
        let hash = payloadHash(of: request)
        let canonical = canonical(request, date: date, payloadHash: hash)
        let toSign = stringToSign(canonicalRequest: canonical.text, date: date)
        var added = addedHeaders(date: date, payloadHash: hash, includingUnsignedToken: true)
        added.append(
            (
                "Authorization",
                authorization(
                    signedHeaders: canonical.signedHeaders,
                    signature: signature(stringToSign: toSign, date: date),
                    date: date
                )
            ))
        return added
    }

    /// The headers the signer sets itself; the token is left out when it is added after signing,
    /// unless `includingUnsignedToken`.
    private func addedHeaders(
        date: SigningDate,
        payloadHash: String,
        includingUnsignedToken: Bool
    ) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = [("X-Amz-Date", date.amzDate)]
        if let token = credentials.sessionToken, includingUnsignedToken || !options.omitsSessionToken {
            headers.append(("X-Amz-Security-Token", token))
        }
        if options.signsBody {
            headers.append(("x-amz-content-sha256", payloadHash))
        }
        return headers
    }

    private func canonical(_ request: SigningRequest, date: SigningDate, payloadHash: String) -> CanonicalRequest {
        let added = addedHeaders(date: date, payloadHash: payloadHash, includingUnsignedToken: false)
        var replaced: Set<String> = ["x-amz-date"]
        if credentials.sessionToken != nil { replaced.insert("x-amz-security-token") }
        if options.signsBody { replaced.insert("x-amz-content-sha256") }
        let headers = request.headers.filter { !replaced.contains($0.name.lowercased()) } + added
        return CanonicalRequest(
            method: request.method,
            path: request.path,
            query: request.query,
            headers: headers,
            payloadHash: payloadHash,
            normalizesPath: options.normalizesPath
        )
    }

    private func payloadHash(of request: SigningRequest) -> String {
        SHA256.hash(data: request.body).hexString
    }
}
