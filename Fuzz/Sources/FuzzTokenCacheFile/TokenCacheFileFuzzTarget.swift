@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchSupport

/// Reads arbitrary bytes as a sign-in token cache file (`UserPoolTokenFile.decode`). A refusal is
/// fine; a trap is not. Tokens accepted must be sendable header values and survive their own
/// encoding unchanged.
enum TokenCacheFileFuzzTarget {
    static let key = UserPoolTokenFile.Key(
        endpoint: "https://cognito-idp.us-east-1.amazonaws.com/", pool: "us-east-1_P", client: "c", username: "alice")

    static func run(_ bytes: [UInt8]) {
        guard case .success(let tokens) = UserPoolTokenFile.decode(bytes, key: key) else { return }
        for token in tokens.secrets {
            precondition(HeaderCheck.problem(inValue: token) == nil, "a token that is not a header value")
        }
        precondition(tokens.expiresAt >= tokens.obtainedAt, "expires before it was obtained")
        let again = UserPoolTokenFile.decode(UserPoolTokenFile.encode(tokens, key: key), key: key)
        precondition(again == .success(tokens), "the tokens do not survive their encoding")
    }
}
