import CognitoSRP
import GQLPatchSupport

/// `PasswordVerifier` over `CognitoSRPClient`: `SRP_A`, then the claim with its `TIMESTAMP`. A challenge
/// the arithmetic refuses (`B` a multiple of N, bad hex or base64) is Cognito's answer gone wrong: exit 76.
struct CognitoSRPVerifier: PasswordVerifier {
    let client: CognitoSRPClient

    init(_ client: CognitoSRPClient) {
        self.client = client
    }

    var srpA: String { client.srpA }

    func claim(
        poolID: String, userIDForSRP: String, password: String, saltHex: String, srpBHex: String,
        secretBlockBase64: String, secondsSince1970: Int
    ) throws(GQLPatchError) -> (timestamp: String, signature: String) {
        let timestamp = CognitoTimestamp.format(secondsSince1970: secondsSince1970)
        do throws(SRPError) {
            let signature = try client.passwordClaim(
                poolID: poolID, userIDForSRP: userIDForSRP, password: password, saltHex: saltHex, srpBHex: srpBHex,
                secretBlockBase64: secretBlockBase64, timestamp: timestamp)
            return (timestamp, signature)
        } catch {
            throw GQLPatchError(
                .badResponse, "Cognito's PASSWORD_VERIFIER challenge cannot be answered: \(error.description)")
        }
    }
}
