import FoundationEssentials
import GQLPatchClient
import GQLPatchSupport
import HTTP
import JSON

/// `--identity guest|user`: `--auth iam` signs with credentials from a Cognito identity pool instead of
/// the AWS credential chain. Only ever when `--identity` is given: without it, `iam` is the chain.
extension Settings {
    /// The config must be read for the pool id: `--identity` without `--identity-pool-id` or
    /// `GQLPATCH_IDENTITY_POOL_ID`.
    static func identityPoolNeedsConfig(_ given: SettingsInput, environment: [String: String]) -> Bool {
        given.identity != nil
            && (nonEmpty(given.identityPoolID) ?? nonEmpty(environment["GQLPATCH_IDENTITY_POOL_ID"])) == nil
    }

    /// The identity pool `--identity` asks, and where its id came from: `--identity-pool-id`, else
    /// `GQLPATCH_IDENTITY_POOL_ID`, else the config's. nil without `--identity`, or for a command that
    /// never sends (`schema`). Nothing is looked up.
    static func identityPlan(
        _ given: SettingsInput, environment: [String: String], config: AmplifyConfig?, authMode: AuthMode,
        sending: Sending, wording: any SettingsWording
    ) throws(GQLPatchError) -> IdentityPlan? {
        guard let kind = given.identity else {
            if nonEmpty(given.identityPoolID) != nil {
                throw wording.error(.identityPoolIDWithoutIdentity)
            }
            return nil
        }
        guard authMode == .iam else {
            throw wording.error(.identityNeedsIAM(kind, mode: authMode, modeGiven: given.auth != nil))
        }
        if sending == .never { return nil }
        let poolID: String
        let source: String
        if let flag = nonEmpty(given.identityPoolID) {
            guard CognitoIdentityClient.region(ofPool: flag) != nil else {
                throw wording.error(.badIdentityPoolID(flag))
            }
            (poolID, source) = (flag, wording.name(.identityPoolID))
        } else if let env = nonEmpty(environment["GQLPATCH_IDENTITY_POOL_ID"]) {
            guard CognitoIdentityClient.region(ofPool: env) != nil else {
                throw .configuration("GQLPATCH_IDENTITY_POOL_ID: " + CognitoIdentityClient.badPoolIDMessage(env))
            }
            (poolID, source) = (env, "GQLPATCH_IDENTITY_POOL_ID")
        } else if let config, let id = nonEmpty(config.identityPoolID) {
            let path = config.identityPoolPath ?? "auth"
            guard CognitoIdentityClient.region(ofPool: id) != nil else {
                throw .configuration("\(config.file): \(path): " + CognitoIdentityClient.badPoolIDMessage(id))
            }
            (poolID, source) = (id, "\(config.file) (\(path))")
        } else {
            throw wording.error(.noIdentityPool(kind, config: config?.file))
        }
        return IdentityPlan(kind: kind, poolID: poolID, poolSource: source)
    }

    /// The run's credentials from the plan's pool, fetched on first use and refreshed before they
    /// expire. For `--identity user`, the ID token comes from `--token`/`GQLPATCH_TOKEN` (`@FILE` too),
    /// else from the user-pool sign-in (`--username`): its session gives each request the current ID
    /// token, refreshed as it expires.
    static func identityCredentials(
        _ plan: IdentityPlan, _ given: SettingsInput, environment: [String: String], config: AmplifyConfig?,
        context: SettingsContext
    ) throws(GQLPatchError) -> CredentialCache {
        let wording = context.wording
        let client = try CognitoIdentityClient(
            identityPoolID: plan.poolID, environment: environment, transport: context.transport)
        if client.sendsInClear, !given.allowInsecureHTTP {
            throw wording.error(.identityEndpointInClear(endpoint: Redactor.url(client.endpoint)))
        }
        if !given.allowInsecureHTTP {
            try checkProxy(
                for: client.endpoint, environment: environment, carrying: .identityCredentials, wording: wording)
        }
        let clock: CognitoIdentityCredentialSource.Clock = { Int(Date().timeIntervalSince1970) }
        switch plan.kind {
        case .guest:
            var store: any IdentityIDStore = NoIdentityIDStore()
            if !given.noCache, let directory = GuestIdentityCache.directory(environment: environment) {
                let console = context.console
                store = GuestIdentityCache(
                    directory: directory, endpoint: client.endpoint, pool: plan.poolID,
                    warn: { console.message("gqlpatch: warning: \($0)") })
            }
            return CredentialCache(source: CognitoIdentityCredentialSource(guestOf: client, store: store, clock: clock))
        case .user:
            if signsIn(given, environment: environment) {
                let session = try userPoolSession(given, environment: environment, config: config, context: context)
                let key = CognitoIdentityClient.loginsKey(userPoolID: session.signIn.service.app.poolID)
                let source = CognitoIdentityCredentialSource(
                    client: client, kind: "signed in as \(session.who)",
                    logins: { () async throws(GQLPatchError) -> [String: String] in
                        [key: try await session.tokens().idToken]
                    }, clock: clock)
                return CredentialCache(source: source)
            }
            guard let (token, what, origin) = try givenToken(given, environment: environment, context: context) else {
                throw wording.error(.noIDToken)
            }
            let logins = [try loginsKey(idToken: token, what: what, origin: origin): token]
            let source = CognitoIdentityCredentialSource(
                client: client, kind: "signed in", logins: { () throws(GQLPatchError) in logins }, clock: clock)
            return CredentialCache(source: source)
        }
    }

    /// The `Logins` key for a Cognito user pool ID token: its issuer without `https://`
    /// (`cognito-idp.<region>.amazonaws.com/<user pool id>`), which is what the identity pool checks it against.
    /// A token that is not such a JWT, or is an access token, is refused (64 from a flag, else 78).
    package static func loginsKey(idToken token: String, what: String, origin: HeaderOrigin) throws(GQLPatchError)
        -> String
    {
        let code: ExitCode = origin == .flag ? .usage : .configuration
        func refuse(_ problem: String) -> GQLPatchError {
            GQLPatchError(code, "\(what) is not a Cognito user pool ID token: \(problem)")
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw refuse("a JWT has three parts separated by '.'") }
        var base64 = String(parts[1].map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let payload = Data(base64Encoded: base64), let claims = try? JSONValue.parse([UInt8](payload)),
            claims.objectValue != nil
        else { throw refuse("its payload is not base64url-encoded JSON") }
        if let use = claims["token_use"]?.stringValue, use != "id" {
            throw refuse("its token_use is '\(use)' (the identity pool takes the ID token, not the access token)")
        }
        guard let issuer = claims["iss"]?.stringValue, issuer.hasPrefix("https://"),
            let url = AWSEndpointURL(issuer), url.host.hasPrefix("cognito-idp."),
            url.host.hasSuffix(".amazonaws.com")
                || url.host.hasSuffix(".amazonaws.com.cn"),
            url.path.count > 1, !url.path.dropFirst().contains("/"), url.query.isEmpty
        else { throw refuse("its issuer (iss) is not https://cognito-idp.<region>.amazonaws.com/<user pool id>") }
        return String(issuer.dropFirst("https://".count))
    }
}
