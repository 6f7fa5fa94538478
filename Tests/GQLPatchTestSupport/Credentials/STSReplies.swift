import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import HTTP

/// Canned STS replies (shapes from recorded STS traffic).
package enum STSReplies {
    package static func assumeRole(
        keyID: String = "ASIAASSUMEDROLE00001",
        secret: String = "assumedSecretKey/0000000000000000000000",
        token: String = "assumedSessionToken0000000000000000",
        expiration: String = "2023-11-14T23:13:20Z"
    ) -> HTTPResponse {
        .text(
            200,
            """
            <AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
              <AssumeRoleResult>
                <SourceIdentity>someone</SourceIdentity>
                <AssumedRoleUser>
                  <AssumedRoleId>AROATEST:session</AssumedRoleId>
                  <Arn>arn:aws:sts::123456789012:assumed-role/deploy/session</Arn>
                </AssumedRoleUser>
                <Credentials>
                  <AccessKeyId>\(keyID)</AccessKeyId>
                  <SecretAccessKey>\(secret)</SecretAccessKey>
                  <SessionToken>\(token)</SessionToken>
                  <Expiration>\(expiration)</Expiration>
                </Credentials>
              </AssumeRoleResult>
              <ResponseMetadata><RequestId>c6104cbe-af31-11e0-8154-cbc7ccf896c7</RequestId></ResponseMetadata>
            </AssumeRoleResponse>
            """)
    }

    package static func webIdentity(
        keyID: String = "ASIAWEBIDENTITY00001",
        secret: String = "webIdentitySecret/000000000000000000000",
        token: String = "webIdentitySessionToken000000000000",
        expiration: String = "2023-11-14T23:13:20.123Z"
    ) -> HTTPResponse {
        .text(
            200,
            """
            <AssumeRoleWithWebIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
              <AssumeRoleWithWebIdentityResult>
                <Audience>sts.amazonaws.com</Audience>
                <Credentials>
                  <AccessKeyId>\(keyID)</AccessKeyId>
                  <SecretAccessKey>\(secret)</SecretAccessKey>
                  <SessionToken>\(token)</SessionToken>
                  <Expiration>\(expiration)</Expiration>
                </Credentials>
                <SubjectFromWebIdentityToken>system:serviceaccount:default:default</SubjectFromWebIdentityToken>
              </AssumeRoleWithWebIdentityResult>
            </AssumeRoleWithWebIdentityResponse>
            """)
    }

    package static func error(_ status: Int, code: String, message: String) -> HTTPResponse {
        .text(
            status,
            """
            <ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
              <Error><Type>Sender</Type><Code>\(code)</Code><Message>\(message)</Message></Error>
              <RequestId>5045ca91-0000</RequestId>
            </ErrorResponse>
            """)
    }
}
