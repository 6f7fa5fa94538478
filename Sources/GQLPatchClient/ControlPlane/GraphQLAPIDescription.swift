import GQLPatchSupport
import JSON

/// What `GetGraphqlApi` tells of one GraphQL API, as far as gqlpatch uses it: its endpoints, its auth
/// modes and its user pool. No secret is in it (the service's answer holds none, and only these
/// members are kept), so it may be cached.
package struct GraphQLAPIDescription: Sendable, Equatable {
    package var id: String
    package var name: String?
    /// `GRAPHQL` or `MERGED`.
    package var apiType: String?
    /// `uris.GRAPHQL`: the endpoint requests go to.
    package var graphQL: String?
    /// `uris.REALTIME`: the real-time endpoint (`wss://`).
    package var realtime: String?
    /// The default auth mode, as AppSync names it (`API_KEY`, `AWS_IAM`, ...).
    package var authenticationType: String
    /// The additional modes, as AppSync names them.
    package var additionalAuthenticationTypes: [String] = []
    /// The default mode's user pool (`userPoolConfig.userPoolId`), when it is one.
    package var userPoolID: String?

    package init(id: String, authenticationType: String) {
        self.id = id
        self.authenticationType = authenticationType
    }

    /// The default mode as gqlpatch names it; nil for one it does not know.
    package var authMode: AuthMode? { AuthMode(appSyncName: authenticationType) }

    /// Reads `{"graphqlApi": {...}}`, the answer for `asked`: an answer about another API is refused.
    package init(answer: JSONValue, asked: String) throws(GQLPatchError) {
        func bad(_ what: String) -> GQLPatchError {
            GQLPatchError(.badResponse, "GetGraphqlApi's answer for API \(asked) \(what); nothing was sent to the API")
        }
        guard let api = answer["graphqlApi"]?.objectValue else { throw bad("has no graphqlApi object") }
        guard let id = api["apiId"]?.stringValue else { throw bad("has no apiId") }
        guard id == asked else { throw bad("is about another API (\(Self.shown(id)))") }
        guard let mode = api["authenticationType"]?.stringValue, !mode.isEmpty else {
            throw bad("has no authenticationType")
        }
        self.init(id: id, authenticationType: mode)
        name = api["name"]?.stringValue
        apiType = api["apiType"]?.stringValue
        graphQL = api["uris"]?["GRAPHQL"]?.stringValue
        realtime = api["uris"]?["REALTIME"]?.stringValue
        additionalAuthenticationTypes = (api["additionalAuthenticationProviders"]?.arrayValue ?? []).compactMap {
            $0["authenticationType"]?.stringValue
        }
        userPoolID = api["userPoolConfig"]?["userPoolId"]?.stringValue
    }

    /// The members kept, in the cache's form (`init(cached:)` reads it back).
    package var json: JSONValue {
        var object = JSONObject([("apiId", .string(id)), ("authenticationType", .string(authenticationType))])
        func put(_ key: String, _ value: String?) { if let value { object[key] = .string(value) } }
        put("name", name)
        put("apiType", apiType)
        put("graphql", graphQL)
        put("realtime", realtime)
        put("userPoolId", userPoolID)
        if !additionalAuthenticationTypes.isEmpty {
            object["additionalAuthenticationTypes"] = .array(additionalAuthenticationTypes.map { .string($0) })
        }
        return .object(object)
    }

    /// Reads `json` back; nil when it is not one.
    package init?(cached value: JSONValue) {
        guard let id = value["apiId"]?.stringValue, let mode = value["authenticationType"]?.stringValue else {
            return nil
        }
        self.init(id: id, authenticationType: mode)
        name = value["name"]?.stringValue
        apiType = value["apiType"]?.stringValue
        graphQL = value["graphql"]?.stringValue
        realtime = value["realtime"]?.stringValue
        userPoolID = value["userPoolId"]?.stringValue
        additionalAuthenticationTypes = (value["additionalAuthenticationTypes"]?.arrayValue ?? []).compactMap {
            $0.stringValue
        }
    }

    /// A server's text, shown bounded and without control characters.
    package static func shown(_ text: String) -> String {
        let cleaned = String(
            text.unicodeScalars.prefix(300).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        return text.unicodeScalars.count > 300 ? cleaned + "…" : cleaned
    }
}
