import GQLPatchSupport

/// The SRP side of a `USER_SRP_AUTH` sign-in: the client's public value `A`, then the password
/// claim for Cognito's `PASSWORD_VERIFIER` challenge. One value per sign-in (it holds the secret `a`).
public protocol PasswordVerifier: Sendable {
    /// `SRP_A`, lower-case hex.
    var srpA: String { get }
    /// The password claim for the challenge's salt, `B` and secret block at a time (seconds since
    /// 1970): `TIMESTAMP` in Cognito's format (`Tue Dec 1 08:03:44 UTC 2026`) and the base64
    /// `PASSWORD_CLAIM_SIGNATURE` computed over it.
    func claim(
        poolID: String, userIDForSRP: String, password: String, saltHex: String, srpBHex: String,
        secretBlockBase64: String, secondsSince1970: Int
    ) throws(GQLPatchError) -> (timestamp: String, signature: String)
}

/// The arithmetic a sign-in needs beyond JSON: SRP, `SECRET_HASH` and TOTP.
/// Injected, so the flow is tested with fakes and the SRP target stays beside it.
public struct SignInArithmetic: Sendable {
    /// A fresh verifier (a new random `a`) for one sign-in.
    public var makeVerifier: @Sendable () throws(GQLPatchError) -> any PasswordVerifier
    /// `SECRET_HASH`: base64(HMAC-SHA256(client secret, username + client id)).
    public var secretHash: @Sendable (_ clientSecret: String, _ username: String, _ clientID: String) -> String
    /// A 6-digit RFC 6238 code for a base32 secret at a time (seconds since 1970).
    public var totp: @Sendable (_ base32Secret: String, _ secondsSince1970: Int) throws(GQLPatchError) -> String

    public init(
        makeVerifier: @escaping @Sendable () throws(GQLPatchError) -> any PasswordVerifier,
        secretHash: @escaping @Sendable (String, String, String) -> String,
        totp: @escaping @Sendable (String, Int) throws(GQLPatchError) -> String
    ) {
        self.makeVerifier = makeVerifier
        self.secretHash = secretHash
        self.totp = totp
    }
}
