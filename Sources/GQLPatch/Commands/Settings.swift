import JSON

/// Everything a command needs from the outside, resolved once with the documented precedence:
/// flag > environment > config file > default. Nothing here sends a request.
public struct Settings: Sendable {
    public var options: GlobalOptions
    /// The GraphQL endpoint; nil only for `--dry-run` without one.
    public var endpoint: String?
    public var authorizer: RequestAuthorizer
    public var catalogue: ModelCatalogue
    /// Where the catalogue came from, for messages.
    public var schemaSource: String

    /// `requireEndpoint: false` (for `schema`) and `requireSchema: false` (for `query`, `schema pull`) let a
    /// command run without them: no endpoint is nil, no schema is an empty catalogue with `schemaSource` "".
    /// `focus` names the models the command works on (nil: all); see `CatalogueLoader.load`.
    public static func resolve(
        _ options: GlobalOptions, environment: [String: String], context: RunContext,
        requireEndpoint: Bool = true, requireSchema: Bool = true, focus: CatalogueFocus? = nil
    ) throws(GQLPatchError) -> Settings {
        let config = try loadConfig(options, environment: environment, context: context)
        let endpoint = nonEmpty(options.endpoint) ?? nonEmpty(environment["GQLPATCH_ENDPOINT"]) ?? config?.endpoint
        if endpoint == nil, !options.dryRun, requireEndpoint {
            throw .configuration(
                "no endpoint: pass --endpoint URL, set GQLPATCH_ENDPOINT, or run where amplify_outputs.json or amplifyconfiguration.json is")
        }
        if let endpoint { try checkEndpoint(endpoint) }
        let authorizer = try resolveAuth(options, environment: environment, config: config, context: context)
        if let endpoint, authorizer.sendsCredentials, !options.allowInsecureHTTP, isInsecure(endpoint) {
            throw .configuration(
                "refusing to send credentials over plain http:// to \(endpoint); use https:// or pass --allow-insecure-http")
        }
        let explicitSchema = nonEmpty(options.schemaPath) ?? nonEmpty(environment["GQLPATCH_SCHEMA"])
        if !requireSchema, explicitSchema == nil, !context.fileExists(context.workingDirectory + "/schema.graphql"),
            config?.modelIntrospection == nil
        {
            return Settings(
                options: options, endpoint: endpoint, authorizer: authorizer,
                catalogue: ModelCatalogue(origin: .compiledSchema), schemaSource: "")
        }
        let (catalogue, source) = try loadCatalogue(
            options, environment: environment, config: config, context: context, focus: focus)
        return Settings(options: options, endpoint: endpoint, authorizer: authorizer, catalogue: catalogue, schemaSource: source)
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    /// `--config`, else the working directory's config when the endpoint or the schema must come from
    /// it. With both given otherwise, that file is not read at all (nothing of it applies: its key is
    /// not sent to another endpoint).
    private static func loadConfig(
        _ options: GlobalOptions, environment: [String: String], context: RunContext
    ) throws(GQLPatchError) -> AmplifyConfig? {
        if let path = options.configPath {
            return try AmplifyConfigReader.read(bytes: context.readSchemaFile(path), file: path)
        }
        let endpointGiven = (nonEmpty(options.endpoint) ?? nonEmpty(environment["GQLPATCH_ENDPOINT"])) != nil
        let schemaGiven = (nonEmpty(options.schemaPath) ?? nonEmpty(environment["GQLPATCH_SCHEMA"])) != nil
            || context.fileExists(context.workingDirectory + "/schema.graphql")
        guard !(endpointGiven && schemaGiven), let found = AmplifyConfigReader.discover(in: context.workingDirectory) else {
            return nil
        }
        return try AmplifyConfigReader.read(bytes: context.readSchemaFile(found), file: found)
    }

    private static func checkEndpoint(_ endpoint: String) throws(GQLPatchError) {
        let lower = endpoint.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else {
            throw .configuration("endpoint '\(endpoint)' must start with https:// (or http:// for a local server)")
        }
        guard AWSEndpointURL(endpoint) != nil else {
            throw .configuration("endpoint '\(endpoint)' is not a valid http or https URL")
        }
    }

    /// `http://` to a host that is not loopback (`localhost`, `127.x.y.z`, `[::1]`).
    static func isInsecure(_ endpoint: String) -> Bool {
        guard endpoint.lowercased().hasPrefix("http://") else { return false }
        var authority = Substring(endpoint.dropFirst("http://".count))
        authority = authority.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {
            return !(authority == "[::1]" || authority.hasPrefix("[::1]:"))
        }
        let host = authority.prefix { $0 != ":" }.lowercased()
        if host == "localhost" { return false }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        let isLoopbackIPv4 = octets.count == 4 && octets[0] == "127"
            && octets.allSatisfy { octet in UInt8(octet) != nil }
        return !isLoopbackIPv4
    }

    private static func resolveAuth(
        _ options: GlobalOptions, environment: [String: String], config: AmplifyConfig?, context: RunContext
    ) throws(GQLPatchError) -> RequestAuthorizer {
        let apiKey = nonEmpty(options.apiKey) ?? nonEmpty(environment["GQLPATCH_API_KEY"]) ?? config?.apiKey
        let modeName: String
        if let flag = options.auth {
            modeName = flag
        } else if let env = nonEmpty(environment["GQLPATCH_AUTH"]) {
            guard GlobalOptions.authModes.contains(env) else {
                throw .configuration("GQLPATCH_AUTH must be one of \(GlobalOptions.authModes.joined(separator: ", ")), got '\(env)'")
            }
            modeName = env
        } else if let mode = config?.defaultAuthMode {
            modeName = mode.rawValue
        } else if apiKey != nil {
            modeName = "api-key"
        } else if nonEmpty(options.token) != nil || nonEmpty(environment["GQLPATCH_TOKEN"]) != nil {
            modeName = "user-pool"
        } else {
            modeName = "none"
        }
        switch modeName {
        case "api-key":
            guard let apiKey else {
                throw .configuration("auth mode api-key needs an API key: pass --api-key KEY or set GQLPATCH_API_KEY")
            }
            return .apiKey(apiKey)
        case "user-pool", "oidc", "lambda":
            guard var token = nonEmpty(options.token) ?? nonEmpty(environment["GQLPATCH_TOKEN"]) else {
                throw .configuration("auth mode \(modeName) needs a token: pass --token TOKEN (or @FILE) or set GQLPATCH_TOKEN")
            }
            if token.hasPrefix("@") {
                let bytes = try context.readFile(String(token.dropFirst()))
                token = String(decoding: bytes, as: UTF8.self).trimmingWhitespaceAndNewlines()
                guard !token.isEmpty else { throw .configuration("the token file \(token.dropFirst()) is empty") }
            }
            return .token(token)
        case "iam":
            return try iamAuthorizer(options, environment: environment, config: config, context: context)
        default:
            return .none
        }
    }

    /// SigV4: the region now (a configuration error if it cannot be told), the credentials on first use.
    private static func iamAuthorizer(
        _ options: GlobalOptions, environment: [String: String], config: AmplifyConfig?, context: RunContext
    ) throws(GQLPatchError) -> RequestAuthorizer {
        let endpoint = nonEmpty(options.endpoint) ?? nonEmpty(environment["GQLPATCH_ENDPOINT"]) ?? config?.endpoint ?? ""
        let profileChain = AWSCredentialChain.live(
            environment: environment, profile: options.profile, region: nil, transport: context.transport)
        var resolver = RegionResolver(
            flag: options.region, environment: environment, profileRegion: try profileChain.profileRegion(),
            profileName: profileChain.profileName)
        if resolver.flag == nil, let configRegion = config?.region, !configRegion.isEmpty,
            RegionResolver.appSyncRegion(host: GraphQLClient.host(of: endpoint)) == nil,
            environment["AWS_REGION"] == nil, environment["AWS_DEFAULT_REGION"] == nil
        {
            resolver.flag = configRegion
        }
        let region = try resolver.resolve(endpoint: endpoint)
        if let warning = region.warning { context.console.message("gqlpatch: warning: \(warning)") }
        let chain = AWSCredentialChain.live(
            environment: environment, profile: options.profile, region: region.region, transport: context.transport)
        return .iam(cache: CredentialCache(chain: chain), region: region.region)
    }

    private static func loadCatalogue(
        _ options: GlobalOptions, environment: [String: String], config: AmplifyConfig?, context: RunContext,
        focus: CatalogueFocus?
    ) throws(GQLPatchError) -> (ModelCatalogue, String) {
        let versioned: Bool? =
            switch options.conflictResolution {
            case .auto: nil
            case .on: true
            case .off: false
            }
        let explicit = nonEmpty(options.schemaPath) ?? nonEmpty(environment["GQLPATCH_SCHEMA"])
        let defaultPath = context.workingDirectory + "/schema.graphql"
        if let path = explicit ?? (context.fileExists(defaultPath) ? defaultPath : nil) {
            let bytes = try context.readSchemaFile(path)
            let transformConfig = try transformConfiguration(besides: path, context: context)
            let catalogue = try CatalogueLoader.load(
                bytes: bytes, file: path, transformConfig: transformConfig, versioned: versioned, focus: focus)
            return (catalogue, path)
        }
        if let config, let introspection = config.modelIntrospection {
            let catalogue = try ModelIntrospectionReader(file: config.file, versionedOverride: versioned)
                .read(introspection, path: "data.model_introspection")
            return (catalogue, config.file)
        }
        throw .configuration(
            "no schema: pass --schema PATH, set GQLPATCH_SCHEMA, or put schema.graphql in the working directory")
    }

    /// `transform.conf.json` in the schema's folder, if there is one.
    private static func transformConfiguration(besides path: String, context: RunContext) throws(GQLPatchError) -> JSONValue? {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let candidate = folder + "/transform.conf.json"
        guard context.fileExists(candidate) else { return nil }
        let bytes = try context.readSchemaFile(candidate)
        do {
            return try JSONValue.parse(bytes)
        } catch {
            throw .configuration("\(candidate):\(error.line):\(error.column): error: \(error.message)")
        }
    }
}

extension String {
    func trimmingWhitespaceAndNewlines() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
