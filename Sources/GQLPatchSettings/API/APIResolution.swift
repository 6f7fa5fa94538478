import GQLPatchClient
import GQLPatchSupport

/// An API named by its id, described: what `GetGraphqlApi` said, the schema, and where both came
/// from. `fill` puts what it stands for (the endpoint, the default auth mode, the user pool) into a
/// run's input where nothing above it gave one.
package struct APIResolution: Sendable {
    package var description: GraphQLAPIDescription
    /// The SDL `GetIntrospectionSchema` gave.
    package var schema: [UInt8]
    package var region: String
    /// Read from the cache rather than asked for in this run.
    package var fromCache: Bool
    /// The cache file (nil: not cached, neither XDG_CACHE_HOME nor HOME being set).
    package var cachePath: String?
    /// Whether the run's schema is this one (no schema was named at or above the API id's level).
    package var suppliesSchema = false

    package init(
        description: GraphQLAPIDescription, schema: [UInt8], region: String, fromCache: Bool, cachePath: String?
    ) {
        self.description = description
        self.schema = schema
        self.region = region
        self.fromCache = fromCache
        self.cachePath = cachePath
    }

    /// Where the schema came from, for messages.
    package var schemaSource: String {
        "API \(description.id)'s schema (GetIntrospectionSchema"
            + (cachePath.map { fromCache ? ", cached in \($0)" : ", now cached in \($0)" } ?? "") + ")"
    }

    /// Fills `input`'s endpoint, auth mode, user pool id and schema from the API where neither `input`
    /// nor (when the API id sits under the variables) their `GQLPATCH_*` variable gives one.
    package mutating func fill(_ input: inout SettingsInput, environment: [String: String], underVariables: Bool) {
        func unset(_ variable: String) -> Bool {
            !underVariables || (environment[variable].map(\.isEmpty) ?? true)
        }
        input.apiID = description.id
        if input.endpoint == nil, unset("GQLPATCH_ENDPOINT") { input.endpoint = description.graphQL }
        if input.auth == nil, unset("GQLPATCH_AUTH") { input.auth = description.authMode }
        if input.userPoolID == nil, unset("GQLPATCH_USER_POOL_ID") { input.userPoolID = description.userPoolID }
        suppliesSchema = input.schemaPath == nil && unset("GQLPATCH_SCHEMA")
    }
}
