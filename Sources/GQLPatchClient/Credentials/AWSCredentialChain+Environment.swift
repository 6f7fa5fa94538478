import AWSSigning
import GQLPatchSupport

extension AWSCredentialChain {
    /// `AWS_ACCESS_KEY_ID` + `AWS_SECRET_ACCESS_KEY` (+ `AWS_SECURITY_TOKEN` or `AWS_SESSION_TOKEN`,
    /// the legacy name first as in botocore); `nil` when the key id is unset. A key id without a
    /// secret is an error, as in the AWS CLI.
    package func environmentCredentials() throws(GQLPatchError) -> ResolvedCredentials? {
        guard let keyID = env("AWS_ACCESS_KEY_ID") else { return nil }
        guard let secret = env("AWS_SECRET_ACCESS_KEY") else {
            throw .configuration(
                "partial AWS credentials in the environment: AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not")
        }
        let token = env("AWS_SECURITY_TOKEN") ?? env("AWS_SESSION_TOKEN")
        return ResolvedCredentials(
            credentials: SigV4Credentials(accessKeyID: keyID, secretAccessKey: secret, sessionToken: token),
            source: "environment"
        )
    }
}
