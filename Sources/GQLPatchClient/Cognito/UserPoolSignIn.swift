import GQLPatchSupport
import JSON

/// Signs a user in to a user pool (`USER_SRP_AUTH` or `USER_PASSWORD_AUTH`, answering
/// `PASSWORD_VERIFIER` and `SOFTWARE_TOKEN_MFA`), refreshes tokens (`REFRESH_TOKEN_AUTH`) and signs
/// out everywhere (`GlobalSignOut`). Any other challenge is exit 77 naming it and what to do.
public struct UserPoolSignIn: Sendable {
    public var service: CognitoService
    public var credentials: UserPoolCredentials
    public var arithmetic: SignInArithmetic
    /// Seconds since 1970.
    public var now: @Sendable () -> Int

    /// How many challenges one sign-in answers at most (SRP, then MFA).
    static let maxSteps = 4

    public init(
        service: CognitoService, credentials: UserPoolCredentials, arithmetic: SignInArithmetic,
        now: @escaping @Sendable () -> Int
    ) {
        self.service = service
        self.credentials = credentials
        self.arithmetic = arithmetic
        self.now = now
    }

    private var app: UserPoolApp { service.app }
    private var who: String { "'\(credentials.username)' to user pool \(app.poolID)" }

    /// A refusal of an answer that does not read as Cognito's: exit 76, the endpoint named.
    private func badAnswer(_ what: String) -> (String) -> GQLPatchError {
        let host = app.endpointHost
        return { detail in GQLPatchError(.badResponse, "\(what) failed: Cognito at \(host) answered badly: \(detail)") }
    }

    private func secretHash(for username: String) -> String? {
        credentials.clientSecret.map { arithmetic.secretHash($0, username, app.clientID) }
    }

    /// Signs in with the password: the tokens, or the error that says why not.
    public func signIn() async throws(GQLPatchError) -> UserPoolTokens {
        let what = "signing in as \(who)"
        guard let password = credentials.password else {
            throw .configuration(
                "\(what) needs the password: set GQLPATCH_PASSWORD or pass \(service.wording.name(.passwordFile)) PATH")
        }
        var secrets = credentials.secrets
        var parameters: [(String, JSONValue)] = [("USERNAME", .string(credentials.username))]
        var verifier: (any PasswordVerifier)?
        switch credentials.flow {
        case .srp:
            let made = try arithmetic.makeVerifier()
            verifier = made
            parameters.append(("SRP_A", .string(made.srpA)))
        case .password:
            parameters.append(("PASSWORD", .string(password)))
        }
        if let hash = secretHash(for: credentials.username) {
            parameters.append(("SECRET_HASH", .string(hash)))
            secrets.append(hash)
        }
        let body = JSONObject([
            ("AuthFlow", .string(credentials.flow.cognitoName)), ("ClientId", .string(app.clientID)),
            ("AuthParameters", .object(JSONObject(parameters))),
        ])
        var object = try await service.call("InitiateAuth", body, what: what, secrets: secrets)
        // The user name Cognito knows the user by (the challenges' USERNAME), answered with.
        var internalName = credentials.username
        for step in 1...Self.maxSteps {
            let answer = try CognitoAnswer.read(object, now: now(), problem: badAnswer(what))
            guard case .challenge(let name, let session, let challenge) = answer else {
                if case .tokens(let tokens) = answer { return tokens }
                break
            }
            if step > 1, let named = challenge["USERNAME"], named != internalName,
                named.lowercased() != credentials.username.lowercased()
            {
                throw badAnswer(what)("a \(name) challenge for another user ('\(named)')")
            }
            var responses: [(String, JSONValue)]
            switch name {
            case "PASSWORD_VERIFIER":
                guard step == 1, let verifier else {
                    throw badAnswer(what)("an unexpected PASSWORD_VERIFIER challenge")
                }
                var fields: [String: String] = [:]
                for key in ["SALT", "SRP_B", "SECRET_BLOCK", "USER_ID_FOR_SRP"] {
                    guard let value = challenge[key], !value.isEmpty else {
                        throw badAnswer(what)("the PASSWORD_VERIFIER challenge has no \(key)")
                    }
                    fields[key] = value
                }
                internalName = challenge["USERNAME"] ?? internalName
                let claim = try verifier.claim(
                    poolID: app.poolID, userIDForSRP: fields["USER_ID_FOR_SRP"]!, password: password,
                    saltHex: fields["SALT"]!, srpBHex: fields["SRP_B"]!, secretBlockBase64: fields["SECRET_BLOCK"]!,
                    secondsSince1970: now())
                responses = [
                    ("USERNAME", .string(internalName)), ("TIMESTAMP", .string(claim.timestamp)),
                    ("PASSWORD_CLAIM_SECRET_BLOCK", .string(fields["SECRET_BLOCK"]!)),
                    ("PASSWORD_CLAIM_SIGNATURE", .string(claim.signature)),
                ]
                secrets.append(claim.signature)
            case "SOFTWARE_TOKEN_MFA":
                guard session != nil else { throw badAnswer(what)("the SOFTWARE_TOKEN_MFA challenge has no Session") }
                let code: String
                if let given = credentials.mfaCode {
                    code = given
                } else if let secret = credentials.totpSecret {
                    code = try arithmetic.totp(secret, now())
                } else {
                    throw GQLPatchError(
                        .unauthorized,
                        "\(what) failed: the user has software-token MFA; pass \(service.wording.name(.mfaCode)) CODE or set GQLPATCH_TOTP_SECRET"
                    )
                }
                internalName = challenge["USERNAME"] ?? internalName
                responses = [("USERNAME", .string(internalName)), ("SOFTWARE_TOKEN_MFA_CODE", .string(code))]
                secrets.append(code)
            case "NEW_PASSWORD_REQUIRED":
                throw GQLPatchError(
                    .unauthorized,
                    "\(what) failed: Cognito asks for a new password (NEW_PASSWORD_REQUIRED); set one in the console or with "
                        + "'aws cognito-idp admin-set-user-password --user-pool-id \(app.poolID) --username \(credentials.username) --password ... --permanent'"
                )
            default:
                throw GQLPatchError(
                    .unauthorized, "\(what) failed: Cognito asks for the \(name) challenge, \(Self.advice(for: name))")
            }
            if let hash = secretHash(for: internalName) {
                responses.append(("SECRET_HASH", .string(hash)))
                secrets.append(hash)
            }
            var reply: [(String, JSONValue)] = [
                ("ChallengeName", .string(name)), ("ClientId", .string(app.clientID)),
                ("ChallengeResponses", .object(JSONObject(responses))),
            ]
            if let session { reply.append(("Session", .string(session))) }
            object = try await service.call("RespondToAuthChallenge", JSONObject(reply), what: what, secrets: secrets)
        }
        throw badAnswer(what)("more than \(Self.maxSteps) challenges in a row")
    }

    static func advice(for challenge: String) -> String {
        switch challenge {
        case "MFA_SETUP":
            return "which gqlpatch does not answer: set up MFA for the user first (in the app or the console)"
        case "SMS_MFA", "EMAIL_OTP":
            return "which gqlpatch does not answer: use a user with software-token (TOTP) MFA, or none, for scripts"
        case "SELECT_MFA_TYPE":
            return "which gqlpatch does not answer: make software-token MFA the user's preferred MFA"
        case "DEVICE_SRP_AUTH", "DEVICE_PASSWORD_VERIFIER":
            return
                "which gqlpatch does not answer: turn off device tracking for the pool, or use a user without remembered devices"
        case "CUSTOM_CHALLENGE": return "which gqlpatch does not answer (custom auth flows are not supported)"
        default: return "which gqlpatch does not answer"
        }
    }

    /// New ID and access tokens for a refresh token (kept: Cognito hands back none).
    public func refresh(_ refreshToken: String) async throws(GQLPatchError) -> UserPoolTokens {
        let what = "refreshing the tokens of \(who)"
        var parameters: [(String, JSONValue)] = [("REFRESH_TOKEN", .string(refreshToken))]
        var secrets = [refreshToken] + (credentials.clientSecret.map { [$0] } ?? [])
        if let hash = secretHash(for: credentials.username) {
            parameters.append(("SECRET_HASH", .string(hash)))
            secrets.append(hash)
        }
        let body = JSONObject([
            ("AuthFlow", .string("REFRESH_TOKEN_AUTH")), ("ClientId", .string(app.clientID)),
            ("AuthParameters", .object(JSONObject(parameters))),
        ])
        let object = try await service.call("InitiateAuth", body, what: what, secrets: secrets)
        let answer = try CognitoAnswer.read(object, now: now(), problem: badAnswer(what))
        guard case .tokens(var tokens) = answer else {
            if case .challenge(let name, _, _) = answer { throw badAnswer(what)("a \(name) challenge to a refresh") }
            throw badAnswer(what)("no tokens")
        }
        if tokens.refreshToken == nil { tokens.refreshToken = refreshToken }
        return tokens
    }

    /// Revokes every token of the user (`GlobalSignOut`, with the access token).
    public func globalSignOut(accessToken: String) async throws(GQLPatchError) {
        _ = try await service.call(
            "GlobalSignOut", JSONObject([("AccessToken", .string(accessToken))]),
            what: "signing \(who) out everywhere", secrets: [accessToken])
    }
}
