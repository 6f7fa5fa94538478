import AWSSigning
import GQLPatchSupport

extension SignInArithmetic {
    /// What this build computes itself: `SECRET_HASH` (HMAC-SHA256 from AWSSigning). SRP and TOTP come from the SRP target once it is wired in (`CognitoSRP`); until then
    /// they are refused with what to use instead.
    public static let builtIn = SignInArithmetic(
        makeVerifier: { () throws(GQLPatchError) -> any PasswordVerifier in
            throw .configuration(
                "this build of gqlpatch cannot compute SRP (--auth-flow srp); use --auth-flow password with an app client that allows USER_PASSWORD_AUTH"
            )
        },
        secretHash: { secret, username, clientID in
            let code = HMAC<SHA256>.authenticationCode(
                for: Array((username + clientID).utf8), using: SymmetricKey(data: Array(secret.utf8)))
            return Base64Text.encode(code.bytes)
        },
        totp: { (_: String, _: Int) throws(GQLPatchError) -> String in
            throw .configuration("this build of gqlpatch cannot compute TOTP codes; pass --mfa-code CODE instead")
        })
}
