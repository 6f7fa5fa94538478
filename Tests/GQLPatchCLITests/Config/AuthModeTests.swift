import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import Testing

@Suite struct AuthModeTests {
    @Test(arguments: [
        ("API_KEY", AuthMode.apiKey, "api-key"), ("AWS_IAM", .iam, "iam"),
        ("AMAZON_COGNITO_USER_POOLS", .userPool, "user-pool"),
        ("OPENID_CONNECT", .oidc, "oidc"), ("AWS_LAMBDA", .lambda, "lambda"), ("NONE", .none, "none"),
    ])
    func appSyncNamesMap(name: String, mode: AuthMode, cliName: String) {
        #expect(AuthMode(appSyncName: name) == mode)
        #expect(mode.rawValue == cliName)
        #expect(mode.appSyncName == name)
        #expect(AuthMode(rawValue: cliName) == mode)
    }

    @Test func unknownNamesAreRejected() {
        #expect(AuthMode(appSyncName: "api_key") == nil)
        #expect(AuthMode(appSyncName: "") == nil)
    }
}
