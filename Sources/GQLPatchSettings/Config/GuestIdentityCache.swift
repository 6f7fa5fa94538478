import AWSSigning
import GQLPatchClient
import GQLPatchSupport
import JSON

/// The guest identity cache: one file per Cognito identity endpoint + identity pool in
/// `$XDG_CACHE_HOME/gqlpatch/identities/` (else `$HOME/.cache/gqlpatch/identities/`), with the rules of
/// `PrivateCacheFile`, holding only the identity's id (never its credentials):
///
///     {"version": 1, "endpoint": "...", "pool": "us-east-1:...", "identityId": "us-east-1:..."}
///
/// A damaged file, or one of another endpoint or pool, is passed over with a warning and replaced.
package struct GuestIdentityCache: IdentityIDStore {
    package static let version = 1
    /// The largest file read: the three names at their limits, with room to spare.
    package static let maxBytes = 4 << 10

    package var endpoint: String
    package var pool: String
    private let file: PrivateCacheFile

    package init(directory: String, endpoint: String, pool: String, warn: @escaping @Sendable (String) -> Void) {
        self.endpoint = endpoint
        self.pool = pool
        var hash = SHA256()
        hash.update(data: Array([endpoint, pool].joined(separator: "\n").utf8))
        file = PrivateCacheFile(
            directory: directory, name: String(hash.finalize().hexString.prefix(32)) + ".json",
            what: "guest identity cache", replacedBy: "the next run asks for a new identity",
            deleteAdvice: "delete it", warn: warn)
    }

    /// The cache folder for this environment; nil without `XDG_CACHE_HOME` and `HOME`.
    package static func directory(environment: [String: String]) -> String? {
        PrivateCacheFile.directory("identities", environment: environment)
    }

    package var path: String { file.path }

    package func load() throws(GQLPatchError) -> String? {
        guard let bytes = try file.read(maxBytes: Self.maxBytes) else { return nil }
        switch Self.decode(bytes, endpoint: endpoint, pool: pool) {
        case .success(let id): return id
        case .failure(let problem):
            file.passOver(problem.text)
            return nil
        }
    }

    package func save(_ identityID: String) throws(GQLPatchError) {
        try file.write(Self.encode(identityID, endpoint: endpoint, pool: pool))
    }

    package func delete() throws(GQLPatchError) -> Bool {
        try file.remove()
    }

    package static func encode(_ identityID: String, endpoint: String, pool: String) -> [UInt8] {
        let fields: [(String, JSONValue)] = [
            ("version", .int(version)), ("endpoint", .string(endpoint)), ("pool", .string(pool)),
            ("identityId", .string(identityID)),
        ]
        var bytes: [UInt8] = []
        JSONValue.object(JSONObject(fields)).write(to: &bytes, pretty: false)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// Why a file's content cannot be used, in the words of the warning.
    package struct Problem: Error, Sendable, Equatable {
        package var text: String
    }

    /// The identity id in `bytes` when they are for `endpoint` and `pool`.
    package static func decode(_ bytes: [UInt8], endpoint: String, pool: String) -> Result<String, Problem> {
        guard let object = (try? JSONValue.parse(bytes))?.objectValue else {
            return .failure(Problem(text: "damaged (not a JSON object)"))
        }
        guard object["version"]?.intValue == version else {
            return .failure(Problem(text: "damaged (not version \(version))"))
        }
        if object["endpoint"]?.stringValue != endpoint { return .failure(Problem(text: "for another endpoint")) }
        if object["pool"]?.stringValue != pool { return .failure(Problem(text: "for another pool")) }
        guard let id = object["identityId"]?.stringValue, id.utf8.count <= CognitoIdentityResponse.identityIDLimit,
            CognitoIdentityResponse.isIdentityID(id)
        else {
            return .failure(Problem(text: "damaged (identityId is not REGION:ID)"))
        }
        return .success(id)
    }
}
