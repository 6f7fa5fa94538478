import GQLPatchClient
import GQLPatchSchema
import GQLPatchSupport
import HTTP

/// Everything a command needs from the outside, resolved once with the documented precedence:
/// flag > environment > config file > default. Nothing here sends a request. (`SettingsInput` is the
/// caller's part as given, built by the command line from its options; its `CommandSession` is what
/// sends and prints with these settings.)
public struct Settings: Sendable {
    /// The input as given: read here only (what a command reads is resolved: `dryRun`, `endpoint`).
    var given: SettingsInput
    /// The caller's words for what the run's clients report.
    package var wording: any SettingsWording
    /// The GraphQL endpoint; nil only for `--dry-run` without one.
    public var endpoint: String?
    /// The auth mode chosen (`--auth`, `GQLPATCH_AUTH`, the config, or told from the credentials given).
    public var authMode: AuthMode
    public var authorizer: RequestAuthorizer
    /// `--identity`: the Cognito identity pool `iam` gets its credentials from (see Settings+Identity).
    public var identity: IdentityPlan? = nil
    public var catalogue: ModelCatalogue
    /// Where the catalogue came from, for messages.
    public var schemaSource: String
    /// For a run that signs in to a user pool but sends nothing: what it would do (`would sign in as
    /// 'alice' to user pool ...`).
    public var signInPlan: String?
    /// The named environment the run uses, and what chose it (nil: none).
    package var environmentChoice: EnvironmentChoice?
    /// The API named by its id, as AppSync's control plane described it (nil: none named).
    package var api: APIResolution?

    /// `requireEndpoint: false` (for `schema`) and `requireSchema: false` (for `query`, `schema pull`) let a
    /// command run without them: no endpoint is nil, no schema is an empty catalogue with `schemaSource` "".
    /// `sending` says whether the command sends (`.never` for `schema`; by default not with `--dry-run`):
    /// a run that does not is given no credentials, and none is looked up (the authorizer is `.notLookedUp`). `focus` names the models the command
    /// works on (nil: all); see `CatalogueLoader.load`.
    package static func resolve(
        _ given: SettingsInput, environment: [String: String], context: SettingsContext,
        requireEndpoint: Bool = true, requireSchema: Bool = true, sending: Sending = .unlessDryRun,
        focus: CatalogueFocus? = nil
    ) async throws(GQLPatchError) -> Settings {
        // An API id on the command line stands for its endpoint, auth mode and schema as flags do;
        // one from a named environment or GQLPATCH_API_ID where that environment or variable is.
        var input = given
        var api: APIResolution? = nil
        if let id = nonEmpty(given.apiID) {
            var resolved = try await APIByID.resolve(
                id, origin: context.wording.name(.apiID), given, environment: environment, context: context)
            resolved.fill(&input, environment: environment, underVariables: false)
            api = resolved
        }
        let (layered, choice) = try EnvironmentLayer.apply(input, environment: environment, context: context)
        input = layered
        if api == nil, let id = nonEmpty(input.apiID) ?? nonEmpty(environment["GQLPATCH_API_ID"]) {
            let chosen = input.apiID != nil && choice.map { $0.reason != .defaultEnvironment } == true
            let origin = input.apiID != nil ? "environment \(choice?.name ?? "")'s apiId" : "GQLPATCH_API_ID"
            var resolved = try await APIByID.resolve(
                id, origin: origin, input, environment: environment, context: context)
            resolved.fill(&input, environment: environment, underVariables: !chosen)
            api = resolved
        }
        var settings = try resolveLayered(
            input, environment: environment, context: context, requireEndpoint: requireEndpoint,
            requireSchema: requireSchema, sending: sending, focus: focus, choice: choice, api: api)
        settings.environmentChoice = choice
        settings.api = api
        return settings
    }

    /// `resolve`, once the named environment's values are in `given`.
    private static func resolveLayered(
        _ given: SettingsInput, environment: [String: String], context: SettingsContext,
        requireEndpoint: Bool, requireSchema: Bool, sending: Sending, focus: CatalogueFocus?,
        choice: EnvironmentChoice?, api: APIResolution?
    ) throws(GQLPatchError) -> Settings {
        let wording = context.wording
        if given.verbose, let choice {
            let why =
                switch choice.reason {
                case .flag: "named on the command line"
                case .variable: "GQLPATCH_ENV"
                case .defaultEnvironment: "the default (env use)"
                }
            context.console.message(
                "gqlpatch: environment: \(choice.name) (\(why))\(choice.environment.protected ? ", protected" : "")")
        }
        if given.verbose, let api {
            context.console.message(
                "gqlpatch: api: \(api.description.id) in \(api.region)"
                    + (api.description.graphQL.map { ": \(Redactor.url($0))" } ?? "")
                    + (api.fromCache ? " (cached in \(api.cachePath ?? ""))" : " (GetGraphqlApi)"))
        }
        let config = try loadConfig(given, environment: environment, context: context)
        if given.verbose {
            let unread =
                config == nil ? AmplifyConfigReader.discover(in: context.workingDirectory, files: context.files) : nil
            context.console.message(
                "gqlpatch: config: "
                    + (config?.file
                        ?? (given.apiID != nil ? "none (the API is named by its id)" : nil)
                            ?? unread.map {
                                "none (\($0) is there, not read: the endpoint, the schema and the auth are given)"
                            }
                            ?? wording.noConfig(in: context.workingDirectory))
            )
        }
        let endpoint = nonEmpty(given.endpoint) ?? nonEmpty(environment["GQLPATCH_ENDPOINT"]) ?? config?.endpoint
        if endpoint == nil, !given.dryRun, requireEndpoint {
            throw wording.error(.noEndpoint)
        }
        if let endpoint { try checkEndpoint(endpoint, wording: wording) }
        // A run that will send gets its transport ready for the endpoint now (libssl for https, in
        // the background), while the schema and the credentials are read; one stopped by bad input
        // before sending simply ends.
        if let endpoint, sending.sends(dryRun: given.dryRun) { context.transports.prepare(endpoint: endpoint) }
        // Credentials (a key, a token or its file, the AWS chain and the region it signs for) are
        // looked up only by a run that sends: what sends nothing never needs them.
        let sends = sending.sends(dryRun: given.dryRun)
        let resolvedMode = try resolveAuthMode(given, environment: environment, config: config)
        if resolvedMode == nil, given.dryRun, sending.sends(dryRun: false) {
            // The plan is shown, but the run it plans would not get past here: said after the plan.
            context.credentialNote?.recordMissing(wording.error(.noCredentials).message)
        }
        guard let authMode = resolvedMode ?? (sends && !given.dryRun ? nil : AuthMode.none) else {
            // Sending without credentials would only earn a 401 from the API; an open endpoint is
            // said so with --auth none. A dry run shows its plan with "auth": "none".
            throw wording.error(.noCredentials)
        }
        if sends {
            context.credentialNote?.record(
                describeCredentials(authMode, given, environment: environment, config: config, wording: wording))
        }
        let identity = try identityPlan(
            given, environment: environment, config: config, authMode: authMode, sending: sending, wording: wording)
        let authorizer =
            sends
            ? try resolveAuth(
                authMode, given, environment: environment, config: config, identity: identity, context: context)
            : unresolvedAuthorizer(authMode)
        let signInPlan =
            !sends && authMode == .userPool && signsIn(given, environment: environment)
            ? Self.signInPlan(given, environment: environment, config: config, wording: wording) : nil
        // A `--header 'x-api-key: K'` or `Authorization:` with `--auth none` carries credentials too.
        let credentialHeader = given.headers.first { Redactor.isSecretHeader($0.name) }
        if let endpoint, authorizer.sendsCredentials || credentialHeader != nil, !given.allowInsecureHTTP {
            let carried: SettingsProblem.Carried =
                authorizer.sendsCredentials ? .credentials : .credentialHeader(credentialHeader!.name)
            if isInsecure(endpoint) {
                throw wording.error(.plainHTTP(carried, endpoint: Redactor.url(endpoint)))
            }
            try checkProxy(for: endpoint, environment: environment, carrying: carried, wording: wording)
        }
        let explicitSchema = nonEmpty(given.schemaPath) ?? nonEmpty(environment["GQLPATCH_SCHEMA"])
        let apiSchema = api.flatMap { $0.suppliesSchema ? $0 : nil }
        if !requireSchema, explicitSchema == nil, apiSchema == nil,
            given.apiID != nil || defaultSchemaPath(context) == nil,
            config?.modelIntrospection == nil
        {
            if given.verbose { context.console.message("gqlpatch: schema: none") }
            return Settings(
                given: given, wording: wording, endpoint: endpoint, authMode: authMode, authorizer: authorizer,
                identity: identity,
                catalogue: ModelCatalogue(origin: .compiledSchema), schemaSource: "", signInPlan: signInPlan)
        }
        let (catalogue, source) = try loadCatalogue(
            given, environment: environment, config: config, context: context, focus: focus, api: apiSchema)
        if given.verbose {
            let introspected = catalogue.origin == .modelIntrospection ? " (data.model_introspection)" : ""
            context.console.message("gqlpatch: schema: \(source)\(introspected)")
        }
        return Settings(
            given: given, wording: wording, endpoint: endpoint, authMode: authMode, authorizer: authorizer,
            identity: identity,
            catalogue: catalogue, schemaSource: source, signInPlan: signInPlan)
    }

    /// The catalogue `resolve` would load (the same discovery: --schema, GQLPATCH_SCHEMA, ./schema.graphql,
    /// the config's model introspection), without the endpoint and credentials.
    package static func catalogue(
        _ given: SettingsInput, environment: [String: String], context: SettingsContext, focus: CatalogueFocus?
    ) throws(GQLPatchError) -> ModelCatalogue {
        try catalogueAndSource(given, environment: environment, context: context, focus: focus).catalogue
    }

    /// `catalogue`, with the file it was read from (the schema, or the config holding it).
    package static func catalogueAndSource(
        _ given: SettingsInput, environment: [String: String], context: SettingsContext, focus: CatalogueFocus?
    ) throws(GQLPatchError) -> (catalogue: ModelCatalogue, source: String) {
        let (given, _) = try EnvironmentLayer.apply(given, environment: environment, context: context)
        // An API named by its id: its cached schema, or none (this asks nothing of the network).
        if let id = nonEmpty(given.apiID) ?? nonEmpty(environment["GQLPATCH_API_ID"]) {
            guard var api = try APIByID.cached(id, origin: id, given, environment: environment, context: context)
            else { throw context.wording.error(.noSchema) }
            api.suppliesSchema = true
            return try loadCatalogue(
                given, environment: environment, config: nil, context: context, focus: focus, api: api)
        }
        let config = try loadConfig(given, environment: environment, context: context)
        return try loadCatalogue(
            given, environment: environment, config: config, context: context, focus: focus, api: nil)
    }

    static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    /// `--config`, else the working directory's config when the endpoint or the schema must come from
    /// it. With both given otherwise, that file is not read at all (nothing of it applies: its key is
    /// not sent to another endpoint).
    package static func loadConfig(
        _ given: SettingsInput, environment: [String: String], context: SettingsContext
    ) throws(GQLPatchError) -> AmplifyConfig? {
        if let path = given.configPath {
            return try AmplifyConfigReader.read(path: path, files: context.files, origin: .named)
        }
        // An API named by its id is not the working directory's: that config is not read.
        if nonEmpty(given.apiID) != nil || nonEmpty(environment["GQLPATCH_API_ID"]) != nil { return nil }
        // The working directory's config is read only when something must come from it: the
        // endpoint, the schema, or the auth (its API key or default mode).
        let endpointGiven = (nonEmpty(given.endpoint) ?? nonEmpty(environment["GQLPATCH_ENDPOINT"])) != nil
        let schemaGiven =
            (nonEmpty(given.schemaPath) ?? nonEmpty(environment["GQLPATCH_SCHEMA"])) != nil
            || defaultSchemaPath(context) != nil
        let authGiven = [
            given.auth?.rawValue, environment["GQLPATCH_AUTH"], given.apiKey, environment["GQLPATCH_API_KEY"],
        ]
        .contains { nonEmpty($0) != nil }
        // A sign-in's user pool and app client ids, unless both are given, come from the config too.
        let poolIDsGiven = !needsConfigPoolIDs(given, environment: environment)
        guard
            !(endpointGiven && schemaGiven && authGiven && poolIDsGiven
                && !identityPoolNeedsConfig(given, environment: environment)),
            let found = AmplifyConfigReader.discover(in: context.workingDirectory, files: context.files)
        else {
            return nil
        }
        return try AmplifyConfigReader.read(path: found, files: context.files, origin: .found)
    }

    package static func checkEndpoint(_ endpoint: String, wording: any SettingsWording) throws(GQLPatchError) {
        let shown = Redactor.url(endpoint)
        let lower = endpoint.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else {
            throw .configuration("endpoint '\(shown)' must start with https:// (or http:// for a local server)")
        }
        if let problem = HeaderCheck.problem(inValue: endpoint) {
            throw .configuration("the endpoint holds \(problem), which is not allowed in a URL")
        }
        if Redactor.userInfo(of: endpoint) != nil {
            throw wording.error(.endpointHoldsUserInfo(endpoint: shown))
        }
        guard AWSEndpointURL(endpoint) != nil else {
            throw .configuration("endpoint '\(shown)' is not a valid http or https URL")
        }
    }

    /// `http://` to a host that is not loopback (`localhost`, `127.x.y.z`, `[::1]`).
    package static func isInsecure(_ endpoint: String) -> Bool {
        guard endpoint.lowercased().hasPrefix("http://") else { return false }
        var authority = Substring(endpoint.dropFirst("http://".count))
        authority = authority.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        return !isLoopback(authority: authority)
    }

    /// `host[:port]` names this machine: `localhost`, `127.x.y.z` or `[::1]`.
    package static func isLoopback(authority: Substring) -> Bool {
        if authority.hasPrefix("[") {
            return authority == "[::1]" || authority.hasPrefix("[::1]:")
        }
        let host = authority.prefix { $0 != ":" }.lowercased()
        if host == "localhost" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { octet in UInt8(octet) != nil }
    }

    /// Refuses credentials for a plain-http endpoint that libcurl would send through a proxy on another
    /// machine (`http_proxy`, `all_proxy`, ... as libcurl reads them, `no_proxy` honoured): the proxy
    /// would see them in clear, and a loopback endpoint would be asked for on the proxy's machine.
    /// Over https the proxy only tunnels TLS.
    static func checkProxy(
        for endpoint: String, environment: [String: String], carrying carried: SettingsProblem.Carried,
        wording: any SettingsWording
    ) throws(GQLPatchError) {
        guard endpoint.lowercased().hasPrefix("http://"), let url = AWSEndpointURL(endpoint),
            let proxy = ProxySelection.proxy(for: url, environment: environment)
        else { return }
        guard !isLoopback(authority: Substring(proxy.authority)) else { return }
        throw wording.error(
            .proxyInClear(
                carried, endpoint: Redactor.url(endpoint), proxy: proxy.authority, variable: proxy.variable))
    }

    /// The mode and where its credential comes from, in words without the credential:
    /// `auth api-key from --api-key`, `auth user-pool (the config's default mode), signed in as alice`.
    static func describeCredentials(
        _ mode: AuthMode, _ given: SettingsInput, environment: [String: String], config: AmplifyConfig?,
        wording: any SettingsWording
    ) -> String {
        var text = "auth \(mode.rawValue)"
        if given.auth == nil {
            if nonEmpty(environment["GQLPATCH_AUTH"]) != nil {
                text += " (GQLPATCH_AUTH)"
            } else if let file = config?.file, config?.defaultAuthMode == mode {
                text += " (the default mode in \(file))"
            }
        }
        switch mode {
        case .apiKey:
            let source: String? =
                nonEmpty(given.apiKey) != nil
                ? wording.name(.apiKey)
                : nonEmpty(environment["GQLPATCH_API_KEY"]) != nil ? "GQLPATCH_API_KEY" : config?.file
            return text + (source.map { ", the API key from \($0)" } ?? "")
        case .userPool, .oidc, .lambda:
            if mode == .userPool, signsIn(given, environment: environment),
                let name = username(given, environment: environment)
            {
                return text + ", signed in as \(name)"
            }
            let token = nonEmpty(given.token) ?? nonEmpty(environment["GQLPATCH_TOKEN"])
            let place = nonEmpty(given.token) != nil ? wording.name(.token) : "GQLPATCH_TOKEN"
            guard let token else { return text }
            return text
                + (token.hasPrefix("@")
                    ? ", the token in \(token.dropFirst()) (\(place))" : ", the token from \(place)")
        case .iam:
            if let identity = given.identity {
                return text + ", a Cognito identity pool's \(identity.rawValue) credentials"
            }
            if let profile = nonEmpty(given.profile) ?? nonEmpty(environment["AWS_PROFILE"]) {
                return text + ", AWS credentials of profile \(profile)"
            }
            if nonEmpty(environment["AWS_ACCESS_KEY_ID"]) != nil {
                return text + ", AWS credentials from AWS_ACCESS_KEY_ID"
            }
            if nonEmpty(environment["AWS_WEB_IDENTITY_TOKEN_FILE"]) != nil {
                return text + ", the web identity token in AWS_WEB_IDENTITY_TOKEN_FILE"
            }
            return text + ", AWS credentials from the default chain"
        case .none:
            return text + ", no credentials"
        }
    }

    /// `--auth` (checked when parsed), else `GQLPATCH_AUTH` (the same names; exit 78 for another), else the
    /// config's default mode, else told from the credentials: an API key, a token (user-pool); nil
    /// when none is given.
    private static func resolveAuthMode(
        _ given: SettingsInput, environment: [String: String], config: AmplifyConfig?
    ) throws(GQLPatchError) -> AuthMode? {
        if let flag = given.auth { return flag }
        if let env = nonEmpty(environment["GQLPATCH_AUTH"]) {
            guard let mode = AuthMode(rawValue: env) else {
                let modes = AuthMode.allCases.map(\.rawValue).joined(separator: ", ")
                throw .configuration("GQLPATCH_AUTH must be one of \(modes), got '\(env)'")
            }
            return mode
        }
        if let mode = config?.defaultAuthMode { return mode }
        if (nonEmpty(given.apiKey) ?? nonEmpty(environment["GQLPATCH_API_KEY"]) ?? config?.apiKey) != nil {
            return .apiKey
        }
        if nonEmpty(given.token) != nil || nonEmpty(environment["GQLPATCH_TOKEN"]) != nil { return .userPool }
        if username(given, environment: environment) != nil { return .userPool }
        return nil
    }

    private static func resolveAuth(
        _ mode: AuthMode, _ given: SettingsInput, environment: [String: String], config: AmplifyConfig?,
        identity: IdentityPlan?, context: SettingsContext
    ) throws(GQLPatchError) -> RequestAuthorizer {
        let wording = context.wording
        let apiKey = nonEmpty(given.apiKey) ?? nonEmpty(environment["GQLPATCH_API_KEY"]) ?? config?.apiKey
        switch mode {
        case .apiKey:
            guard let apiKey else {
                throw wording.error(.noAPIKey)
            }
            let (what, origin): (String, HeaderOrigin) =
                nonEmpty(given.apiKey) != nil
                ? (wording.name(.apiKey), .flag)
                : nonEmpty(environment["GQLPATCH_API_KEY"]) != nil
                    ? ("GQLPATCH_API_KEY", .configuration)
                    : ("the API key in \(config?.file ?? "the configuration")", .configuration)
            try HeaderCheck.checkCredential(apiKey, what: what, origin: origin)
            return .apiKey(apiKey, origin: origin)
        case .userPool, .oidc, .lambda:
            if mode == .userPool, signsIn(given, environment: environment) {
                return .userPool(
                    session: try userPoolSession(given, environment: environment, config: config, context: context))
            }
            guard let (token, _, origin) = try givenToken(given, environment: environment, context: context) else {
                throw wording.error(.noToken(mode))
            }
            return .token(token, origin: origin)
        case .iam:
            return try iamAuthorizer(
                given, environment: environment, config: config, identity: identity, context: context)
        case .none:
            return .none
        }
    }

    /// `--token` (else `GQLPATCH_TOKEN`), read from its file for `@FILE`, checked for header use; with what
    /// names it in messages and where it came from. nil when neither is given.
    static func givenToken(_ given: SettingsInput, environment: [String: String], context: SettingsContext)
        throws(GQLPatchError) -> (token: String, what: String, origin: HeaderOrigin)?
    {
        let wording = context.wording
        let fromFlag = nonEmpty(given.token) != nil
        guard var token = nonEmpty(given.token) ?? nonEmpty(environment["GQLPATCH_TOKEN"]) else { return nil }
        var what = fromFlag ? wording.name(.token) : "GQLPATCH_TOKEN"
        var origin: HeaderOrigin = fromFlag ? .flag : .configuration
        if token.hasPrefix("@") {
            let path = String(token.dropFirst())
            let bytes = try context.readFile(path)
            token = String(decoding: bytes, as: UTF8.self).trimmingWhitespaceAndNewlines()
            guard !token.isEmpty else { throw .configuration("the token file \(path) is empty") }
            // A file's content is configuration, whichever flag named the file.
            (what, origin) = ("the token in \(path)", .configuration)
        }
        try HeaderCheck.checkCredential(token, what: what, origin: origin)
        return (token, what, origin)
    }

    /// What stands for the mode's credentials in a run that sends nothing: the headers it would add.
    private static func unresolvedAuthorizer(_ mode: AuthMode) -> RequestAuthorizer {
        mode == .none ? .none : .notLookedUp(mode)
    }

    /// SigV4: the region now (a configuration error if it cannot be told), the credentials on first use.
    private static func iamAuthorizer(
        _ given: SettingsInput, environment: [String: String], config: AmplifyConfig?, identity: IdentityPlan?,
        context: SettingsContext
    ) throws(GQLPatchError) -> RequestAuthorizer {
        let wording = context.wording
        let endpoint =
            nonEmpty(given.endpoint) ?? nonEmpty(environment["GQLPATCH_ENDPOINT"]) ?? config?.endpoint ?? ""
        let profileChain = AWSCredentialChain.live(
            environment: environment, profile: given.profile, region: nil, files: context.files,
            transport: context.transport, wording: wording)
        // Identity-pool credentials use no AWS profile: its files are not read, even for the region.
        var resolver = RegionResolver(
            flag: given.region, environment: environment,
            profileRegion: identity == nil ? try profileChain.profileRegion() : nil,
            profileName: profileChain.profileName, wording: wording)
        // An Amplify app's API is in its config's region, and its identity pool's.
        if resolver.flag == nil,
            let fallback = nonEmpty(config?.region)
                ?? identity.flatMap({ CognitoIdentityClient.region(ofPool: $0.poolID) }),
            RegionResolver.appSyncRegion(host: GraphQLClient.host(of: endpoint)) == nil,
            environment["AWS_REGION"] == nil, environment["AWS_DEFAULT_REGION"] == nil
        {
            resolver.flag = fallback
        }
        let region = try resolver.resolve(endpoint: endpoint)
        if let warning = region.warning { context.console.message("gqlpatch: warning: \(warning)") }
        if let identity {
            let cache = try identityCredentials(
                identity, given, environment: environment, config: config, context: context)
            return .iam(cache: cache, region: region.region)
        }
        let chain = AWSCredentialChain.live(
            environment: environment, profile: given.profile, region: region.region, files: context.files,
            transport: context.transport, wording: wording)
        return .iam(cache: CredentialCache(chain: chain), region: region.region)
    }

    private static func loadCatalogue(
        _ given: SettingsInput, environment: [String: String], config: AmplifyConfig?, context: SettingsContext,
        focus: CatalogueFocus?, api: APIResolution?
    ) throws(GQLPatchError) -> (ModelCatalogue, String) {
        let wording = context.wording
        let versioned: Bool? =
            switch given.conflictResolution {
            case .auto: nil
            case .on: true
            case .off: false
            }
        if let api {
            let catalogue = try CatalogueLoader.load(
                bytes: api.schema, file: api.schemaSource, transformConfig: nil, versioned: versioned, focus: focus)
            return (catalogue, api.schemaSource)
        }
        let explicit = nonEmpty(given.schemaPath) ?? nonEmpty(environment["GQLPATCH_SCHEMA"])
        // An API named by its id does not take the working directory's schema.
        if let path = explicit ?? (given.apiID == nil ? defaultSchemaPath(context) : nil) {
            // A discovered `./schema.graphql` is a file (a folder of that name is not a `schema/` folder).
            let folders = explicit != nil || FilePathText.lastComponent(of: path) == "schema"
            do throws(GQLPatchError) {
                let catalogue = try CatalogueLoader.load(
                    path: path, files: context.files, origin: explicit == nil ? .found : .named, versioned: versioned,
                    focus: focus, workingDirectory: context.workingDirectory, readsFolders: folders)
                return (catalogue, path)
            } catch {
                // A path that cannot be read says where it came from (the option or the variable).
                guard explicit != nil, error.code == .unreadableFile else { throw error }
                throw wording.error(
                    .unreadableSchema(message: error.message, fromEnvironment: nonEmpty(given.schemaPath) == nil))
            }
        }
        if let config, let introspection = config.modelIntrospection {
            let catalogue = try ModelIntrospectionReader(file: config.file, versionedOverride: versioned)
                .read(introspection, path: "data.model_introspection")
            return (catalogue, config.file)
        }
        throw wording.error(.noSchema)
    }

    /// `./schema.graphql`, read when no schema is named; else a `./schema/` folder of schema files (the
    /// Amplify CLI's two forms, the file preferred as the CLI prefers it); nil when neither is there.
    private static func defaultSchemaPath(_ context: SettingsContext) -> String? {
        let file = FilePathText.join(context.workingDirectory, "schema.graphql")
        if context.files.exists(file) { return file }
        let folder = FilePathText.join(context.workingDirectory, "schema")
        return context.files.stat(folder)?.kind == .directory ? folder : nil
    }
}

extension String {
    package func trimmingWhitespaceAndNewlines() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
