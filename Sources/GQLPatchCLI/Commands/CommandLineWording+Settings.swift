import GQLPatchClient
import GQLPatchSettings
import GQLPatchSupport

/// The command line's words for what settings report: each problem with the options and environment
/// variables that fix it, and its exit code (64 for options that do not go together, else 78).
extension CommandLineWording: SettingsWording {
    package func error(_ problem: SettingsProblem) -> GQLPatchError {
        let configs = "amplify_outputs.json or amplifyconfiguration.json"
        let insecure = OptionName.allowInsecureHttp
        switch problem {
        case .noEndpoint:
            return .configuration(
                "no endpoint: pass \(OptionName.endpoint) URL, set GQLPATCH_ENDPOINT, or run where \(configs) is")
        case .noCredentials:
            return .configuration(
                "no credentials to send: pass \(OptionName.apiKey) KEY (or set GQLPATCH_API_KEY), \(OptionName.auth) iam "
                    + "for AWS credentials, \(OptionName.token) TOKEN (or set GQLPATCH_TOKEN), run where \(configs) is, "
                    + "or pass \(OptionName.auth) none for an endpoint that needs none")
        case .noSchema:
            return .configuration(
                "no schema: pass \(OptionName.schema) PATH, set GQLPATCH_SCHEMA, or put schema.graphql in the working directory (gqlpatch schema pull > schema.graphql fetches it from the endpoint)"
            )
        case .unreadableSchema(let message, let fromEnvironment):
            let origin = fromEnvironment ? "GQLPATCH_SCHEMA" : OptionName.schema
            return GQLPatchError(.unreadableFile, message + " (the path \(origin) gives)")
        case .endpointHoldsUserInfo(let endpoint):
            return .configuration(
                "endpoint '\(endpoint)' holds a user name or password (user:password@host), which gqlpatch never sends; "
                    + "remove it and pass credentials with \(OptionName.auth)")
        case .plainHTTP(let carried, let endpoint):
            return .configuration(
                "refusing to send \(described(carried)) over plain http:// to \(endpoint); use https:// or pass \(insecure)"
            )
        case .proxyInClear(let carried, let endpoint, let proxy, let variable):
            return .configuration(
                "refusing to send \(described(carried)) for \(endpoint) through the proxy \(proxy) (from \(variable)) "
                    + "over plain http; use https://, add the host to no_proxy, or pass \(insecure)")
        case .noAPIKey:
            return .configuration(
                "auth mode api-key needs an API key: pass \(OptionName.apiKey) KEY or set GQLPATCH_API_KEY")
        case .noToken(.userPool):
            return .configuration(
                "auth mode user-pool needs a token or a user to sign in as: pass \(OptionName.token) TOKEN (or @FILE), "
                    + "set GQLPATCH_TOKEN, or pass \(OptionName.username) NAME (or set GQLPATCH_USERNAME)")
        case .noToken(let mode):
            return .configuration(
                "auth mode \(mode.rawValue) needs a token: pass \(OptionName.token) TOKEN (or @FILE) or set GQLPATCH_TOKEN"
            )
        case .identityPoolIDWithoutIdentity:
            return .usage(
                "\(OptionName.identityPoolId) needs \(OptionName.identity) guest or \(OptionName.identity) user "
                    + "(with \(OptionName.auth) iam)")
        case .identityNeedsIAM(let kind, let mode, let modeGiven):
            return .usage(
                "\(OptionName.identity) \(kind.rawValue) gets AWS credentials for \(OptionName.auth) iam, but the auth "
                    + "mode is \(mode.rawValue)" + (modeGiven ? "" : " (pass \(OptionName.auth) iam)"))
        case .badIdentityPoolID(let id):
            return .usage("\(OptionName.identityPoolId): " + CognitoIdentityClient.badPoolIDMessage(id))
        case .noIdentityPool(let kind, let config):
            return .configuration(
                "\(OptionName.identity) \(kind.rawValue) needs a Cognito identity pool id: pass \(OptionName.identityPoolId) "
                    + "ID, set GQLPATCH_IDENTITY_POOL_ID, or run where amplify_outputs.json (auth.identity_pool_id) or "
                    + "amplifyconfiguration.json (auth.plugins.awsCognitoAuthPlugin.CredentialsProvider.CognitoIdentity"
                    + ".Default.PoolId) is" + (config.map { "; \($0) has none" } ?? ""))
        case .identityEndpointInClear(let endpoint):
            return .configuration(
                "refusing to ask \(endpoint) (AWS_ENDPOINT_URL_COGNITO_IDENTITY) for credentials over plain http; "
                    + "use https:// or pass \(insecure)")
        case .noIDToken:
            return .configuration(
                "\(OptionName.identity) user needs the signed-in user's ID token: pass \(OptionName.token) TOKEN "
                    + "(or @FILE), set GQLPATCH_TOKEN, or sign in with \(OptionName.username) NAME")
        case .noUserPoolID:
            return .configuration(
                "signing in needs the user pool id: pass \(OptionName.userPoolId) ID, set GQLPATCH_USER_POOL_ID, or run "
                    + "where amplify_outputs.json (auth.user_pool_id) or amplifyconfiguration.json "
                    + "(CognitoUserPool.Default.PoolId) is")
        case .noAppClientID:
            return .configuration(
                "signing in needs the app client id: pass \(OptionName.clientId) ID, set GQLPATCH_CLIENT_ID, or run "
                    + "where amplify_outputs.json (auth.user_pool_client_id) or amplifyconfiguration.json "
                    + "(CognitoUserPool.Default.AppClientId) is")
        case .noUsername:
            return .configuration(
                "signing in needs a user: pass \(OptionName.username) NAME or set GQLPATCH_USERNAME")
        case .passwordInClear(let endpoint):
            return .configuration(
                "refusing to send the password over plain http:// to \(endpoint) (the Cognito endpoint); "
                    + "use https:// or pass \(insecure)")
        }
    }

    package func noConfig(in directory: String) -> String {
        "none (no \(OptionName.config), no amplify_outputs.json or amplifyconfiguration.json in \(directory))"
    }

    /// What a refused request would have carried, in a refusal.
    private func described(_ carried: SettingsProblem.Carried) -> String {
        switch carried {
        case .credentials: return "credentials"
        case .credentialHeader(let name): return "credentials (\(OptionName.header) \(name))"
        case .identityCredentials: return "credentials from the Cognito identity endpoint"
        case .password: return "the password (the Cognito endpoint)"
        }
    }
}
