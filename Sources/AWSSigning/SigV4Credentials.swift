/// AWS credentials used to sign: an access key pair and, for temporary credentials, a session token.
public struct SigV4Credentials: Sendable, Hashable, CustomStringConvertible {
    /// The access key id, e.g. `AKIDEXAMPLE`; it appears in the `Authorization` header.
    public var accessKeyID: String
    /// The secret access key; it only feeds the signing-key derivation.
    public var secretAccessKey: String
    /// The session token of temporary credentials, sent as `X-Amz-Security-Token`.
    public var sessionToken: String?

    /// Makes credentials from their parts.
    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// Names the access key id only; the secret and the token are never printed.
    public var description: String {
        "SigV4Credentials(accessKeyID: \(accessKeyID), secretAccessKey: <redacted>"
            + (sessionToken == nil ? ")" : ", sessionToken: <redacted>)")
    }
}
