import CognitoSRP
import GQLPatchSupport

extension SignInArithmetic {
    /// The arithmetic of the `CognitoSRP` target: SRP-6a over Cognito's 3072-bit group (a fresh random
    /// `a` per sign-in), `SECRET_HASH`, and RFC 6238 TOTP codes.
    public static let builtIn = SignInArithmetic(
        makeVerifier: { () throws(GQLPatchError) -> any PasswordVerifier in
            CognitoSRPVerifier(CognitoSRPClient.random())
        },
        secretHash: { secret, username, clientID in
            SecretHash.compute(clientSecret: secret, username: username, clientID: clientID)
        },
        totp: { (secret: String, seconds: Int) throws(GQLPatchError) -> String in
            do throws(TOTPError) {
                return try TOTP.code(base32Secret: secret, at: seconds)
            } catch {
                throw .configuration("GQLPATCH_TOTP_SECRET: \(error.description)")
            }
        })
}
