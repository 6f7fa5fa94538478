import FoundationEssentials
import GQLPatchClient
import GQLPatchSupport
import HTTP

/// `--auth user-pool` with a user to sign in as: the pool, the app client, the user and their
/// secrets, in the documented precedence (flag > environment > config file).
extension Settings {
    /// Whether the options ask for a sign-in rather than a given token (`--username` or
    /// `GQLPATCH_USERNAME`, and no `--token` or `GQLPATCH_TOKEN`: a token wins).
    static func signsIn(_ given: SettingsInput, environment: [String: String]) -> Bool {
        let token = nonEmptyValue(given.token) ?? nonEmptyValue(environment["GQLPATCH_TOKEN"])
        return token == nil && username(given, environment: environment) != nil
    }

    package static func username(_ given: SettingsInput, environment: [String: String]) -> String? {
        nonEmptyValue(given.username) ?? nonEmptyValue(environment["GQLPATCH_USERNAME"])
    }

    /// Whether the pool and client ids must come from the config file.
    static func needsConfigPoolIDs(_ given: SettingsInput, environment: [String: String]) -> Bool {
        guard signsIn(given, environment: environment) else { return false }
        let pool = nonEmptyValue(given.userPoolID) ?? nonEmptyValue(environment["GQLPATCH_USER_POOL_ID"])
        let client = nonEmptyValue(given.clientID) ?? nonEmptyValue(environment["GQLPATCH_CLIENT_ID"])
        return pool == nil || client == nil
    }

    private static func nonEmptyValue(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    /// The user pool and app client (no secret read): for a sign-in, and for what a dry run says.
    package static func userPoolApp(
        _ given: SettingsInput, environment: [String: String], config: AmplifyConfig?, wording: any SettingsWording
    ) throws(GQLPatchError) -> UserPoolApp {
        let fromConfig = config?.userPool
        let configFile = config?.file ?? "amplify_outputs.json"
        guard
            let poolID = nonEmptyValue(given.userPoolID) ?? nonEmptyValue(environment["GQLPATCH_USER_POOL_ID"])
                ?? nonEmptyValue(fromConfig?.poolID)
        else {
            throw wording.error(.noUserPoolID)
        }
        guard
            let clientID = nonEmptyValue(given.clientID) ?? nonEmptyValue(environment["GQLPATCH_CLIENT_ID"])
                ?? nonEmptyValue(fromConfig?.clientID)
        else {
            throw wording.error(.noAppClientID)
        }
        let configRegion = poolID == fromConfig?.poolID ? nonEmptyValue(fromConfig?.region) : nil
        guard let region = configRegion ?? CognitoEndpoint.region(ofPool: poolID) else {
            throw .configuration(
                "the user pool id '\(poolID)' does not start with its region (region_id, as us-east-1_AbC123)"
                    + (fromConfig != nil ? " and \(configFile) names no region for it" : ""))
        }
        for (what, value) in [("user pool id", poolID), ("app client id", clientID)] {
            if let problem = HeaderCheck.problem(inValue: value) {
                throw .configuration("the \(what) holds \(problem)")
            }
        }
        let endpoint = CognitoEndpoint.url(region: region, environment: environment)
        return UserPoolApp(poolID: poolID, clientID: clientID, region: region, endpoint: endpoint)
    }

    /// What a dry run says instead of signing in.
    static func signInPlan(
        _ given: SettingsInput, environment: [String: String], config: AmplifyConfig?, wording: any SettingsWording
    ) -> String {
        let user = username(given, environment: environment) ?? ""
        let pool = (try? userPoolApp(given, environment: environment, config: config, wording: wording)).map {
            " to user pool \($0.poolID) (app client \($0.clientID))"
        }
        return "would sign in as '\(user)'\(pool ?? "")"
    }

    /// The signed-in session: the app, the user's secrets (read now), the token cache.
    package static func userPoolSession(
        _ given: SettingsInput, environment: [String: String], config: AmplifyConfig?, context: SettingsContext
    ) throws(GQLPatchError) -> UserPoolSession {
        let wording = context.wording
        guard let username = username(given, environment: environment) else {
            throw wording.error(.noUsername)
        }
        let app = try userPoolApp(given, environment: environment, config: config, wording: wording)
        guard AWSEndpointURL(app.endpoint) != nil else {
            throw .configuration("the Cognito endpoint '\(Redactor.url(app.endpoint))' is not an http or https URL")
        }
        if !given.allowInsecureHTTP {
            if isInsecure(app.endpoint) {
                throw wording.error(.passwordInClear(endpoint: Redactor.url(app.endpoint)))
            }
            try checkProxy(for: app.endpoint, environment: environment, carrying: .password, wording: wording)
        }
        var password = nonEmptyValue(environment["GQLPATCH_PASSWORD"])
        if let path = nonEmptyValue(given.passwordFile) {
            password = try secretFile(path, what: "password file", context: context)
        }
        var clientSecret = nonEmptyValue(given.clientSecret) ?? nonEmptyValue(environment["GQLPATCH_CLIENT_SECRET"])
        if let given = clientSecret, given.hasPrefix("@") {
            clientSecret = try secretFile(String(given.dropFirst()), what: "client secret file", context: context)
        }
        let credentials = UserPoolCredentials(
            username: username, password: password, flow: given.authFlow ?? .srp, clientSecret: clientSecret,
            mfaCode: nonEmptyValue(given.mfaCode), totpSecret: nonEmptyValue(environment["GQLPATCH_TOTP_SECRET"]))
        // Whatever is printed from here on never shows them, though nothing has been sent yet.
        context.secrets?.register(credentials.secrets)
        let console = context.console
        let warn: @Sendable (String) -> Void = { console.message("gqlpatch: warning: \($0)") }
        var store: any UserPoolTokenStore = NoTokenStore()
        if !given.noCache {
            if let directory = UserPoolTokenCache.directory(environment: environment) {
                let key = UserPoolTokenFile.Key(
                    endpoint: app.endpoint, pool: app.poolID, client: app.clientID, username: username)
                store = UserPoolTokenCache(directory: directory, key: key, warn: warn)
            } else {
                warn("neither XDG_CACHE_HOME nor HOME is set: the sign-in is not cached")
            }
        }
        var trace: (@Sendable (String) -> Void)?
        if given.verbose {
            trace = { (line: String) in console.message("gqlpatch: cognito: \(line)") }
        }
        let service = CognitoService(
            app: app, transport: context.transport, timeout: given.timeout ?? GraphQLClient.defaultTimeout,
            trace: trace, wording: wording)
        let signIn = UserPoolSignIn(
            service: service, credentials: credentials, arithmetic: context.signInArithmetic,
            now: { Int(Date().timeIntervalSince1970) })
        return UserPoolSession(signIn: signIn, store: store, use: given.tokenUse ?? .id, warn: warn)
    }

    /// A secret's file: its content without the line end an editor adds; empty is refused.
    private static func secretFile(_ path: String, what: String, context: SettingsContext) throws(GQLPatchError)
        -> String
    {
        var text = String(decoding: try context.readFile(path), as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        if text.hasSuffix("\r") { text.removeLast() }
        guard !text.isEmpty else { throw .configuration("the \(what) \(path) is empty") }
        return text
    }
}
