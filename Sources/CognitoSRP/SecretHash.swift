import AWSSigning

/// Cognito's `SECRET_HASH`, sent with every sign-in call when the app client has a secret.
public enum SecretHash {
    /// `base64(HMAC-SHA256(key: client secret, message: username + client id))`.
    public static func compute(clientSecret: String, username: String, clientID: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(
            for: Array((username + clientID).utf8), using: SymmetricKey(data: Array(clientSecret.utf8)))
        return Base64.encode(code.bytes)
    }
}
