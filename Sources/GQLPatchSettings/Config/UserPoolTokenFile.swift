import GQLPatchClient
import GQLPatchSupport
import JSON

/// The token cache file's format: one JSON object naming whose tokens they are (Cognito endpoint,
/// pool, client, user: a file of another key is not used) and holding them with their times.
/// Never a password or a client secret.
///
///     {"version": 1, "endpoint": "...", "pool": "...", "client": "...", "username": "...",
///      "idToken": "...", "accessToken": "...", "refreshToken": "...", "obtainedAt": N, "expiresAt": N}
package enum UserPoolTokenFile {
    package static let version = 1
    /// The largest file read: three tokens of `CognitoAnswer.maxTokenBytes` and the names.
    package static let maxBytes = 128 << 10

    /// Whose tokens a file holds.
    package struct Key: Sendable, Equatable {
        package var endpoint: String
        package var pool: String
        package var client: String
        package var username: String

        package init(endpoint: String, pool: String, client: String, username: String) {
            self.endpoint = endpoint
            self.pool = pool
            self.client = client
            self.username = username
        }
    }

    package static func encode(_ tokens: UserPoolTokens, key: Key) -> [UInt8] {
        var fields: [(String, JSONValue)] = [
            ("version", .int(version)), ("endpoint", .string(key.endpoint)), ("pool", .string(key.pool)),
            ("client", .string(key.client)), ("username", .string(key.username)),
            ("idToken", .string(tokens.idToken)), ("accessToken", .string(tokens.accessToken)),
        ]
        if let refresh = tokens.refreshToken { fields.append(("refreshToken", .string(refresh))) }
        fields += [("obtainedAt", .int(tokens.obtainedAt)), ("expiresAt", .int(tokens.expiresAt))]
        var bytes: [UInt8] = []
        JSONValue.object(JSONObject(fields)).write(to: &bytes, pretty: false)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// The tokens in `bytes` when they are `key`'s; else why not (a damaged file, another key).
    package static func decode(_ bytes: [UInt8], key: Key) -> Result<UserPoolTokens, Problem> {
        guard let object = (try? JSONValue.parse(bytes))?.objectValue else {
            return .failure(.damaged("not a JSON object"))
        }
        guard object["version"]?.intValue == version else { return .failure(.damaged("not version \(version)")) }
        let names: [(String, String)] = [
            ("endpoint", key.endpoint), ("pool", key.pool), ("client", key.client), ("username", key.username),
        ]
        for (name, expected) in names where object[name]?.stringValue != expected {
            return .failure(.otherKey(name))
        }
        func text(_ name: String) -> String? {
            guard let value = object[name]?.stringValue, !value.isEmpty,
                value.utf8.count <= CognitoAnswer.maxTokenBytes
            else { return nil }
            return value
        }
        guard let id = text("idToken"), let access = text("accessToken") else {
            return .failure(.damaged("no idToken or accessToken"))
        }
        var refresh: String?
        if object["refreshToken"] != nil {
            guard let found = text("refreshToken") else { return .failure(.damaged("refreshToken is not a token")) }
            refresh = found
        }
        guard let obtained = object["obtainedAt"]?.intValue, let expires = object["expiresAt"]?.intValue,
            obtained >= 0, expires >= obtained, expires - obtained <= CognitoAnswer.maxLifetime
        else { return .failure(.damaged("obtainedAt and expiresAt are not a token lifetime")) }
        for token in [id, access] + (refresh.map { [$0] } ?? []) where HeaderCheck.problem(inValue: token) != nil {
            return .failure(.damaged("a token holds characters an HTTP header cannot"))
        }
        return .success(
            UserPoolTokens(
                idToken: id, accessToken: access, refreshToken: refresh, obtainedAt: obtained, expiresAt: expires))
    }

    /// Why a file's tokens are not used.
    package enum Problem: Error, Sendable, Equatable {
        case damaged(String)
        /// It names another endpoint, pool, client or user (the field).
        case otherKey(String)
    }
}
