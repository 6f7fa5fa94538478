import GQLPatchClient
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

    /// A run that sends nothing shows the headers the mode would add, and says whether it sends
    /// credentials at all, from the mode alone.
    @Test func aModeNotLookedUpShowsItsHeaders() {
        #expect(RequestAuthorizer.notLookedUp(.apiKey).headerNames == ["x-api-key"])
        #expect(RequestAuthorizer.notLookedUp(.lambda).headerNames == ["Authorization"])
        #expect(RequestAuthorizer.notLookedUp(.iam).headerNames.last == "Authorization")
        #expect(RequestAuthorizer.notLookedUp(.oidc).sendsCredentials)
        #expect(!RequestAuthorizer.notLookedUp(.none).sendsCredentials)
        #expect(!RequestAuthorizer.notLookedUp(.iam).lookedUp)
    }
}
