import GQLPatchClient
import GQLPatchSupport

/// An API named by its id (`--api-id`, an environment's `apiId`, `GQLPATCH_API_ID`): described by
/// AppSync's control plane, its endpoints and auth mode from `GetGraphqlApi` and its schema from
/// `GetIntrospectionSchema`, both signed with the AWS credential chain, and cached per region and id
/// so later runs ask nothing (`refreshAPI` asks again).
package enum APIByID {
    /// An AppSync API id as gqlpatch takes it: 1 to 64 letters, digits or `-` (it goes in a URL path
    /// and a file name).
    package static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64
            && id.utf8.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D
            }
    }

    /// The API `id` (named by `origin`), from the cache unless `given.refreshAPI`, else asked for and cached.
    package static func resolve(
        _ id: String, origin: String, _ given: SettingsInput, environment: [String: String], context: SettingsContext
    ) async throws(GQLPatchError) -> APIResolution {
        let place = try Place(id, origin: origin, given, environment: environment, context: context)
        if !given.refreshAPI, let cached = try place.cached() { return cached }
        let controlPlane = AppSyncControlPlane(
            transport: context.transport,
            authorizer: .iam(
                cache: CredentialCache(
                    chain: AWSCredentialChain.live(
                        environment: environment, profile: given.profile, region: place.region, files: context.files,
                        transport: context.transport, wording: context.wording)),
                region: place.region),
            region: place.region, endpoint: place.endpoint, timeout: given.timeout ?? GraphQLClient.defaultTimeout)
        if given.verbose {
            context.console.message(
                "gqlpatch: api: asking \(Redactor.url(place.endpoint.url)) (\(place.endpoint.origin)) for API \(id) in \(place.region)"
            )
        }
        let description = try await controlPlane.describe(apiID: id)
        let schema = try await controlPlane.schema(apiID: id)
        try place.cache?.save(description, schema: schema)
        return APIResolution(
            description: description, schema: schema, region: place.region, fromCache: false,
            cachePath: place.cache?.path)
    }

    /// The API `id` as cached, asking nothing (nil: not cached): for what must not wait on the
    /// network (completion).
    package static func cached(
        _ id: String, origin: String, _ given: SettingsInput, environment: [String: String], context: SettingsContext
    ) throws(GQLPatchError) -> APIResolution? {
        try Place(id, origin: origin, given, environment: environment, context: context).cached()
    }

    /// Where an API id is looked up: its region, the control plane, and its cache file.
    struct Place {
        var region: String
        var endpoint: ControlPlaneEndpoint
        var cache: APICache?

        init(
            _ id: String, origin: String, _ given: SettingsInput, environment: [String: String],
            context: SettingsContext
        ) throws(GQLPatchError) {
            let wording = context.wording
            guard isValidID(id) else {
                throw .configuration(
                    "\(origin) '\(GraphQLAPIDescription.shown(id))' is not an AppSync API id (letters, digits and '-'; aws appsync list-graphql-apis lists them)"
                )
            }
            let chain = AWSCredentialChain.live(
                environment: environment, profile: given.profile, region: nil, files: context.files,
                transport: context.transport, wording: wording)
            region = try APIByID.region(
                given, environment: environment, profileRegion: chain.profileRegion(), wording: wording)
            endpoint = try ControlPlaneEndpoint.resolve(region: region, environment: environment)
            if Settings.isInsecure(endpoint.url), !given.allowInsecureHTTP {
                throw .configuration(
                    "\(endpoint.origin) '\(Redactor.url(endpoint.url))' is plain http to another machine: the signed control-plane requests would cross the network in clear; use https (or \(wording.name(.allowInsecureHTTP)))"
                )
            }
            let console = context.console
            let warn = { @Sendable (text: String) in console.message("gqlpatch: warning: \(text)") }
            let (region, url) = (region, endpoint.url)
            cache = APICache.directory(environment: environment).map {
                APICache(directory: $0, id: id, region: region, controlPlane: url, warn: warn)
            }
        }

        func cached() throws(GQLPatchError) -> APIResolution? {
            guard let cache, let (description, schema) = try cache.load() else { return nil }
            return APIResolution(
                description: description, schema: schema, region: region, fromCache: true, cachePath: cache.path)
        }
    }

    /// The API's region: `--region`, `AWS_REGION`, `AWS_DEFAULT_REGION`, the profile's.
    static func region(
        _ given: SettingsInput, environment: [String: String], profileRegion: String?, wording: any InputWording
    )
        throws(GQLPatchError) -> String
    {
        let candidates: [(String?, String)] = [
            (given.region, wording.name(.region)), (environment["AWS_REGION"], "AWS_REGION"),
            (environment["AWS_DEFAULT_REGION"], "AWS_DEFAULT_REGION"), (profileRegion, "the profile"),
        ]
        guard let (region, source) = candidates.first(where: { ($0.0 ?? "").isEmpty == false }).map({ ($0.0!, $0.1) })
        else {
            throw .configuration(
                "an API named by its id needs its region: pass \(wording.name(.region)) REGION (or set AWS_REGION, or give the AWS profile a region)"
            )
        }
        guard RegionResolver.isValidRegion(region) else {
            throw .configuration("'\(region)' from \(source) is not a valid AWS region name")
        }
        return region
    }
}
