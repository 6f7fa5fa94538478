import AWSSigning
import GQLPatchSupport
import HTTP

/// Signs AppSync requests with SigV4 for service `appsync` (IAM authorization).
public struct IAMSigner: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The signing name of AppSync.
    public static let service = "appsync"

    /// The credentials to sign with.
    public let credentials: SigV4Credentials
    /// The region to sign for.
    public let region: String
    /// Where the credentials came from, carried by the headers they make (`HeaderCheck`).
    public let origin: HeaderOrigin

    /// Makes a signer.
    public init(credentials: SigV4Credentials, region: String, origin: HeaderOrigin = .configuration) {
        self.credentials = credentials
        self.region = region
        self.origin = origin
    }

    /// Makes a signer from resolved credentials.
    public init(_ resolved: ResolvedCredentials, region: String) {
        self.init(credentials: resolved.credentials, region: region, origin: resolved.origin)
    }

    /// Signs `request` at `seconds` since 1970: adds `Host` when absent (with the port when it is
    /// not the default), then sets `X-Amz-Date`, `X-Amz-Security-Token` (temporary credentials)
    /// and `Authorization`, replacing any headers of those names. Every header already on the
    /// request is signed. `request.url` must be an absolute http(s) URL; otherwise the request is
    /// left unsigned (the transport rejects such a URL anyway).
    public func sign(_ request: inout HTTPRequest, at seconds: Int) {
        guard let url = AWSEndpointURL(request.url) else { return }
        if !request.headers.contains(where: { $0.name.lowercased() == "host" }) {
            request.headers.insert(HeaderField(name: "Host", value: url.hostHeader), at: 0)
        }
        let signer = SigV4Signer(credentials: credentials, region: region, service: Self.service)
        let added = signer.sign(
            SigningRequest(
                method: request.method,
                path: url.path,
                query: url.query,
                headers: request.headers.map { ($0.name, $0.value) },
                body: request.body
            ),
            date: SigningDate(secondsSince1970: seconds)
        )
        let replaced = Set(added.map { $0.name.lowercased() })
        request.headers.removeAll { replaced.contains($0.name.lowercased()) }
        request.headers += added.map { HeaderField(name: $0.name, value: $0.value, origin: origin) }
    }

    /// The secrets the signer holds, so output can be checked for them.
    public var secrets: [String] {
        [credentials.secretAccessKey] + (credentials.sessionToken.map { [$0] } ?? [])
    }

    /// The redacted access key id and the region; never the secret or the token.
    public var description: String {
        "IAMSigner(accessKeyID: \(CredentialRedaction.accessKeyID(credentials.accessKeyID)), region: \(region))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["accessKeyID": CredentialRedaction.accessKeyID(credentials.accessKeyID), "region": region],
            displayStyle: .struct)
    }
}
