import Foundation
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct UserPoolSignInTests {
    static let app = UserPoolApp(
        poolID: "us-east-1_Pool7", clientID: "client-1", region: "us-east-1",
        endpoint: "https://cognito-idp.us-east-1.amazonaws.com/")
    static let now = 1_800_000_000

    static func signIn(
        _ cognito: ScriptedCognito, flow: UserPoolCredentials.Flow = .srp, secret: String? = nil,
        mfaCode: String? = nil, totpSecret: String? = nil, verifier: FakePasswordVerifier = FakePasswordVerifier(),
        password: String? = "pw-Secret-1"
    ) -> UserPoolSignIn {
        UserPoolSignIn(
            service: CognitoService(app: app, transport: cognito, sleep: { _ in }, wording: SourceNameWording()),
            credentials: UserPoolCredentials(
                username: "alice", password: password, flow: flow, clientSecret: secret, mfaCode: mfaCode,
                totpSecret: totpSecret),
            arithmetic: .fake(verifier), now: { now })
    }

    static let verifierChallenge = """
        {"ChallengeName":"PASSWORD_VERIFIER","Session":"sess-1","ChallengeParameters":{"SALT":"5a17","SRP_B":"bbbb",\
        "SECRET_BLOCK":"c2VjcmV0","USER_ID_FOR_SRP":"user-id-7","USERNAME":"user-id-7"}}
        """

    @Test func srpThenTOTPIsAnsweredInCognitosOrder() async throws {
        let cognito = ScriptedCognito([
            .init("InitiateAuth", Self.verifierChallenge),
            .init(
                "RespondToAuthChallenge",
                #"{"ChallengeName":"SOFTWARE_TOKEN_MFA","Session":"sess-2","ChallengeParameters":{}}"#),
            .init("RespondToAuthChallenge", ScriptedCognito.tokens(1, expiresIn: 1800)),
        ])
        let verifier = FakePasswordVerifier()
        let tokens = try await Self.signIn(cognito, secret: "s3cr3t-value", totpSecret: "JBSWY3DP", verifier: verifier)
            .signIn()
        #expect(
            tokens
                == UserPoolTokens(
                    idToken: "id-1", accessToken: "access-1", refreshToken: "refresh-1", obtainedAt: Self.now,
                    expiresAt: Self.now + 1800))
        #expect(cognito.operations == ["InitiateAuth", "RespondToAuthChallenge", "RespondToAuthChallenge"])
        let first = try cognito.body(0)
        #expect(first["AuthFlow"] == "USER_SRP_AUTH")
        #expect(first["ClientId"] == "client-1")
        #expect(
            first["AuthParameters"]
                == .object([
                    "USERNAME": "alice", "SRP_A": "a1b2c3",
                    "SECRET_HASH": "zdJ1zNtVQvvS7rYG9F3QV1Cy75dCaf7PtG0gkdF9nmA=",
                ]))
        let second = try cognito.body(1)
        #expect(second["ChallengeName"] == "PASSWORD_VERIFIER")
        #expect(second["Session"] == "sess-1")
        #expect(
            second["ChallengeResponses"]
                == .object([
                    "USERNAME": "user-id-7", "TIMESTAMP": "Tue Dec 1 08:03:44 UTC 2026",
                    "PASSWORD_CLAIM_SECRET_BLOCK": "c2VjcmV0", "PASSWORD_CLAIM_SIGNATURE": "c2lnbmF0dXJl",
                    // The hash of the user name Cognito answered with, as pycognito computes it.
                    "SECRET_HASH": "7c1uV11kyZGCImf4hexpHNGUQ16tfYpvNzjgvXHX7Jg=",
                ]))
        #expect(
            verifier.given == [
                [
                    "pool": "us-east-1_Pool7", "user": "user-id-7", "password": "pw-Secret-1", "salt": "5a17",
                    "B": "bbbb",
                    "block": "c2VjcmV0", "time": String(Self.now),
                ]
            ])
        let third = try cognito.body(2)
        #expect(third["ChallengeName"] == "SOFTWARE_TOKEN_MFA")
        #expect(third["Session"] == "sess-2")
        #expect(third["ChallengeResponses"]?["SOFTWARE_TOKEN_MFA_CODE"] == .string("8-\(Self.now)"))
        for request in cognito.requests {
            #expect(request.headers.first { $0.name == "Content-Type" }?.value == "application/x-amz-json-1.1")
            #expect(!request.headers.contains { $0.name.lowercased() == "authorization" }, "no SigV4")
            #expect(request.secrets.contains("pw-Secret-1") && request.secrets.contains("s3cr3t-value"))
            #expect(request.url == Self.app.endpoint)
        }
        #expect(cognito.requests[1].secrets.contains("c2lnbmF0dXJl"))
    }

    @Test func passwordFlowSendsThePasswordAndAnMFACode() async throws {
        let cognito = ScriptedCognito([
            .init("InitiateAuth", #"{"ChallengeName":"SOFTWARE_TOKEN_MFA","Session":"s","ChallengeParameters":{}}"#),
            .init("RespondToAuthChallenge", ScriptedCognito.tokens(2)),
        ])
        let tokens = try await Self.signIn(cognito, flow: .password, mfaCode: "654321").signIn()
        #expect(tokens.idToken == "id-2")
        #expect(
            try cognito.body(0)["AuthParameters"] == .object(["USERNAME": "alice", "PASSWORD": "pw-Secret-1"]))
        #expect(try cognito.body(0)["AuthFlow"] == "USER_PASSWORD_AUTH")
        #expect(
            try cognito.body(1)["ChallengeResponses"]
                == .object(["USERNAME": "alice", "SOFTWARE_TOKEN_MFA_CODE": "654321"]))
        #expect(cognito.requests[1].secrets.contains("654321"))
    }

    static func failure(_ script: [ScriptedCognito.Answer], flow: UserPoolCredentials.Flow = .password) async
        -> GQLPatchError?
    {
        do {
            _ = try await signIn(ScriptedCognito(script), flow: flow).signIn()
            return nil
        } catch {
            return error
        }
    }

    @Test func challengesGqlpatchDoesNotAnswerAreExit77NamingThem() async {
        let newPassword = await Self.failure([
            .init(
                "InitiateAuth",
                #"{"ChallengeName":"NEW_PASSWORD_REQUIRED","Session":"s","ChallengeParameters":{"USERNAME":"alice"}}"#)
        ])
        #expect(newPassword?.code == .unauthorized)
        #expect(
            newPassword?.message.hasPrefix(
                "signing in as 'alice' to user pool us-east-1_Pool7 failed: Cognito asks for a new password (NEW_PASSWORD_REQUIRED)"
            )
                == true)
        #expect(newPassword?.message.contains("admin-set-user-password --user-pool-id us-east-1_Pool7") == true)
        for name in ["SMS_MFA", "MFA_SETUP", "SELECT_MFA_TYPE", "DEVICE_SRP_AUTH", "CUSTOM_CHALLENGE"] {
            let error = await Self.failure([.init("InitiateAuth", "{\"ChallengeName\":\"\(name)\",\"Session\":\"s\"}")])
            #expect(error?.code == .unauthorized, "\(name)")
            #expect(
                error?.message.contains("Cognito asks for the \(name) challenge, which gqlpatch does not answer")
                    == true)
        }
        let noCode = await Self.failure([
            .init("InitiateAuth", #"{"ChallengeName":"SOFTWARE_TOKEN_MFA","Session":"s"}"#)
        ])
        #expect(noCode?.code == .unauthorized)
        #expect(noCode?.message.hasSuffix("pass mfaCode CODE or set GQLPATCH_TOTP_SECRET") == true)
    }

    @Test func badAnswersAreRefusedNamingTheEndpoint() async {
        let cases: [(String, String)] = [
            ("{}", "the answer has neither AuthenticationResult nor ChallengeName"),
            (#"{"AuthenticationResult":{"AccessToken":"a","ExpiresIn":3600}}"#, "AuthenticationResult has no IdToken"),
            (
                #"{"AuthenticationResult":{"IdToken":"i","AccessToken":"a","ExpiresIn":"3600"}}"#,
                "ExpiresIn is missing or not a whole number"
            ),
            (
                #"{"AuthenticationResult":{"IdToken":"i","AccessToken":"a","ExpiresIn":0}}"#,
                "ExpiresIn 0 is not between 1 and 86400"
            ),
            (
                #"{"AuthenticationResult":{"IdToken":"i\nj","AccessToken":"a","ExpiresIn":60}}"#,
                "AuthenticationResult.IdToken holds"
            ),
            (
                #"{"AuthenticationResult":{"IdToken":7,"AccessToken":"a","ExpiresIn":60}}"#,
                "AuthenticationResult.IdToken is not a non-empty string"
            ),
            (#"{"AuthenticationResult":[]}"#, "AuthenticationResult is not an object"),
            (#"{"ChallengeName":"lower case"}"#, "ChallengeName is not a challenge's name"),
            (#"{"ChallengeName":"SMS_MFA","Session":5}"#, "Session is not a non-empty string"),
            (#"{"ChallengeName":"PASSWORD_VERIFIER","Session":"s"}"#, "an unexpected PASSWORD_VERIFIER challenge"),
            ("[1]", "answered HTTP 200 with a body that is not a JSON object"),
        ]
        for (body, problem) in cases {
            let error = await Self.failure([.init("InitiateAuth", body)])
            #expect(error?.code == .badResponse, "\(body)")
            #expect(
                error?.message.hasPrefix(
                    "signing in as 'alice' to user pool us-east-1_Pool7 failed: Cognito at cognito-idp.us-east-1.amazonaws.com answered"
                )
                    == true, "\(error?.message ?? "")")
            #expect(error?.message.contains(problem) == true, "\(body): \(error?.message ?? "")")
        }
        let missing = await Self.failure(
            [
                .init(
                    "InitiateAuth",
                    #"{"ChallengeName":"PASSWORD_VERIFIER","ChallengeParameters":{"SALT":"1","SRP_B":"2"}}"#)
            ],
            flow: .srp)
        #expect(missing?.message.hasSuffix("the PASSWORD_VERIFIER challenge has no SECRET_BLOCK") == true)
        let otherUser = await Self.failure(
            [
                .init("InitiateAuth", Self.verifierChallenge),
                .init(
                    "RespondToAuthChallenge",
                    #"{"ChallengeName":"SOFTWARE_TOKEN_MFA","Session":"s","ChallengeParameters":{"USERNAME":"bob"}}"#),
            ], flow: .srp)
        #expect(otherUser?.code == .badResponse)
        #expect(otherUser?.message.hasSuffix("a SOFTWARE_TOKEN_MFA challenge for another user ('bob')") == true)
    }

    @Test func cognitoErrorsHaveTheirExitCodes() async {
        let cases: [(String, Int, ExitCode, String)] = [
            ("NotAuthorizedException", 400, .unauthorized, "HTTP 400 NotAuthorizedException: m"),
            ("com.amazonaws.cognito#UserNotFoundException", 400, .unauthorized, "HTTP 400 UserNotFoundException: m"),
            (
                "UserNotConfirmedException", 400, .unauthorized,
                "HTTP 400 UserNotConfirmedException: m (confirm the user"
            ),
            ("PasswordResetRequiredException", 400, .unauthorized, "HTTP 400 PasswordResetRequiredException: m (reset"),
            (
                "ResourceNotFoundException", 400, .configuration,
                "HTTP 400 ResourceNotFoundException: m (check the app client id"
            ),
            ("InvalidParameterException", 400, .configuration, "HTTP 400 InvalidParameterException: m"),
        ]
        for (type, status, code, text) in cases {
            let error = await Self.failure([
                .init("InitiateAuth", status: status, "{\"__type\":\"\(type)\",\"message\":\"m\"}")
            ])
            #expect(error?.code == code, "\(type)")
            #expect(
                error?.message.hasPrefix(
                    "signing in as 'alice' to user pool us-east-1_Pool7 failed: Cognito at cognito-idp.us-east-1.amazonaws.com answered \(text)"
                )
                    == true, "\(error?.message ?? "")")
        }
        let notCognito = await Self.failure([.init("InitiateAuth", status: 404, "<html>")])
        #expect(notCognito?.code == .badResponse)
        #expect(notCognito?.message.hasSuffix("answered HTTP 404") == true)
    }

    @Test func throttlingAndServerErrorsAreRetriedThenGiveTheirExitCode() async throws {
        let throttle = ScriptedCognito.Answer("InitiateAuth", status: 400, #"{"__type":"TooManyRequestsException"}"#)
        let down = ScriptedCognito.Answer("InitiateAuth", status: 503, "")
        let recovered = ScriptedCognito([throttle, down, .init("InitiateAuth", ScriptedCognito.tokens(3))])
        #expect(try await Self.signIn(recovered, flow: .password).signIn().idToken == "id-3")
        #expect(recovered.operations.count == 3)
        let throttled = await Self.failure([throttle, throttle, throttle])
        #expect(throttled?.code == .throttled)
        let unavailable = await Self.failure([down, down, down])
        #expect(unavailable?.code == .unavailable)
        #expect(unavailable?.message.hasSuffix("answered HTTP 503") == true)
    }

    @Test func refreshKeepsTheRefreshTokenAndHashesTheUserName() async throws {
        let cognito = ScriptedCognito([.init("InitiateAuth", ScriptedCognito.tokens(4, refresh: false))])
        let tokens = try await Self.signIn(cognito, secret: "s3cr3t-value", password: nil).refresh("refresh-0")
        #expect(tokens.refreshToken == "refresh-0")
        #expect(tokens.idToken == "id-4")
        #expect(try cognito.body(0)["AuthFlow"] == "REFRESH_TOKEN_AUTH")
        #expect(
            try cognito.body(0)["AuthParameters"]
                == .object([
                    "REFRESH_TOKEN": "refresh-0", "SECRET_HASH": "zdJ1zNtVQvvS7rYG9F3QV1Cy75dCaf7PtG0gkdF9nmA=",
                ]))
        #expect(cognito.requests[0].secrets.contains("refresh-0"))
    }

    @Test func noPasswordIsAConfigurationError() async {
        do {
            _ = try await Self.signIn(ScriptedCognito([]), password: nil).signIn()
            Issue.record("signed in without a password")
        } catch {
            #expect(error.code == .configuration)
            #expect(error.message.hasSuffix("needs the password: set GQLPATCH_PASSWORD or pass passwordFile PATH"))
        }
    }

    @Test func theEndpoint() {
        #expect(CognitoEndpoint.region(ofPool: "eu-central-1_9Y3eyBQe7") == "eu-central-1")
        #expect(CognitoEndpoint.region(ofPool: "nounderscore") == nil)
        #expect(CognitoEndpoint.region(ofPool: "_x") == nil)
        #expect(
            CognitoEndpoint.url(region: "us-west-2", environment: [:]) == "https://cognito-idp.us-west-2.amazonaws.com/"
        )
        #expect(
            CognitoEndpoint.url(region: "cn-north-1", environment: [:])
                == "https://cognito-idp.cn-north-1.amazonaws.com.cn/")
        let both = [
            "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER": "http://127.0.0.1:1/",
            "AWS_ENDPOINT_URL": "http://127.0.0.1:2/",
        ]
        #expect(CognitoEndpoint.url(region: "us-west-2", environment: both) == "http://127.0.0.1:1/")
        #expect(
            CognitoEndpoint.url(region: "us-west-2", environment: ["AWS_ENDPOINT_URL": "http://127.0.0.1:2/"])
                == "http://127.0.0.1:2/")
        var ignored = both
        ignored["AWS_IGNORE_CONFIGURED_ENDPOINT_URLS"] = "true"
        #expect(
            CognitoEndpoint.url(region: "us-west-2", environment: ignored)
                == "https://cognito-idp.us-west-2.amazonaws.com/")
    }
}
