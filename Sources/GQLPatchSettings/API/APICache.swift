import GQLPatchClient
import GQLPatchSupport
import JSON

/// The cache of APIs named by id: one file per region and id in `$XDG_CACHE_HOME/gqlpatch/apis/`
/// (else `$HOME/.cache/gqlpatch/apis/`), with the rules of `PrivateCacheFile`, holding what
/// `GetGraphqlApi` said (no secret is in it) and the SDL `GetIntrospectionSchema` gave. A file for
/// another control plane, or damaged, is passed over and replaced.
package struct APICache: Sendable {
    /// The file's format; another is passed over.
    package static let format = 1
    /// The largest file read: the largest schema, escaped in JSON, and the description.
    package static let maxBytes = 3 * AppSyncControlPlane.maximumSchemaBytes
    private let file: PrivateCacheFile
    private let key: (id: String, region: String, controlPlane: String)

    package init(
        directory: String, id: String, region: String, controlPlane: String,
        warn: @escaping @Sendable (String) -> Void
    ) {
        key = (id, region, controlPlane)
        // Both parts are checked to be names (letters, digits, '-').
        file = PrivateCacheFile(
            directory: directory, name: "\(region).\(id).json", what: "API cache",
            replacedBy: "it is fetched again and replaced", deleteAdvice: "delete it (it is fetched again)",
            warn: warn)
    }

    /// The cache folder for this environment; nil when neither `XDG_CACHE_HOME` nor `HOME` is set.
    package static func directory(environment: [String: String]) -> String? {
        PrivateCacheFile.directory("apis", environment: environment)
    }

    package var path: String { file.path }

    /// The API's description and schema, if cached for this control plane.
    package func load() throws(GQLPatchError) -> (GraphQLAPIDescription, [UInt8])? {
        guard let bytes = try file.read(maxBytes: Self.maxBytes) else { return nil }
        guard let json = try? JSONValue.parse(bytes), json["format"] == .int(Self.format) else {
            file.passOver("damaged or of another format")
            return nil
        }
        guard json["apiId"]?.stringValue == key.id, json["region"]?.stringValue == key.region,
            json["controlPlane"]?.stringValue == key.controlPlane
        else {
            file.passOver("for another API or control plane")
            return nil
        }
        guard let api = json["api"].flatMap(GraphQLAPIDescription.init(cached:)), api.id == key.id,
            let schema = json["schema"]?.stringValue, !schema.isEmpty
        else {
            file.passOver("damaged (no description or schema)")
            return nil
        }
        return (api, Array(schema.utf8))
    }

    /// Writes the description and the schema, replacing the file only once the new one is whole.
    package func save(_ api: GraphQLAPIDescription, schema: [UInt8]) throws(GQLPatchError) {
        let object = JSONObject([
            ("format", .int(Self.format)), ("apiId", .string(key.id)), ("region", .string(key.region)),
            ("controlPlane", .string(key.controlPlane)), ("api", api.json),
            ("schema", .string(String(decoding: schema, as: UTF8.self))),
        ])
        try file.write(Array(JSONValue.object(object).serialized().utf8))
    }
}
