import AWSSigning
import JSON

/// The claims of a JWT as its payload holds them, unverified (the service verifies the token; this
/// only reads the caller's name out of the token it already sends).
package enum JWTClaims {
    /// The payload of `token` (three base64url parts), or nil when it is not a JWT.
    package static func decode(_ token: String) -> JSONObject? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].utf8.count <= 64 << 10 else { return nil }
        var text = String(
            parts[1].map { character -> Character in
                switch character {
                case "-": "+"
                case "_": "/"
                default: character
                }
            })
        while text.utf8.count % 4 != 0 { text += "=" }
        guard let bytes = Base64.decode(text), let value = try? JSONValue.parse(String(decoding: bytes, as: UTF8.self))
        else { return nil }
        return value.objectValue
    }

    /// The user name a token names (`cognito:username` in a Cognito ID token, else `username`, as
    /// in an access token), the identity the v1 owner rules compare by default.
    package static func userName(_ token: String) -> String? {
        guard let claims = decode(token) else { return nil }
        return claims["cognito:username"]?.stringValue ?? claims["username"]?.stringValue
    }
}
