@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchSettings
@testable import GQLPatchSupport

/// Reads arbitrary bytes as a sign-in token cache file (`UserPoolTokenFile.decode`) and as a guest
/// identity cache file (`GuestIdentityCache.decode`). A refusal is fine; a trap is not. Tokens
/// accepted must be sendable header values, an identity id a `REGION:ID` within its limit, and both
/// survive their own encoding unchanged.
enum TokenCacheFileFuzzTarget {
    static let key = UserPoolTokenFile.Key(
        endpoint: "https://cognito-idp.us-east-1.amazonaws.com/", pool: "us-east-1_P", client: "c", username: "alice")

    static func run(_ bytes: [UInt8]) {
        identity(bytes)
        guard case .success(let tokens) = UserPoolTokenFile.decode(bytes, key: key) else { return }
        for token in tokens.secrets {
            precondition(HeaderCheck.problem(inValue: token) == nil, "a token that is not a header value")
        }
        precondition(tokens.expiresAt >= tokens.obtainedAt, "expires before it was obtained")
        let again = UserPoolTokenFile.decode(UserPoolTokenFile.encode(tokens, key: key), key: key)
        precondition(again == .success(tokens), "the tokens do not survive their encoding")
    }

    static func identity(_ bytes: [UInt8]) {
        let endpoint = "https://cognito-identity.us-east-1.amazonaws.com/", pool = "us-east-1:p"
        guard case .success(let id) = GuestIdentityCache.decode(bytes, endpoint: endpoint, pool: pool) else { return }
        precondition(CognitoIdentityResponse.isIdentityID(id), "an identity id that is not REGION:ID")
        precondition(id.utf8.count <= CognitoIdentityResponse.identityIDLimit, "an identity id over its limit")
        precondition(HeaderCheck.problem(inValue: id) == nil, "an identity id that is not a header value")
        let again = GuestIdentityCache.decode(
            GuestIdentityCache.encode(id, endpoint: endpoint, pool: pool), endpoint: endpoint, pool: pool)
        precondition(again == .success(id), "the identity id does not survive its encoding")
    }
}
