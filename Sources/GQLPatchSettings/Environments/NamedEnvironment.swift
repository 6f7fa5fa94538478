import GQLPatchClient
import GQLPatchSupport
import JSON

/// One environment the user added (`gqlpatch env add`): where its API is and how to reach it, and
/// never a secret: an API key is named by the variable or the file that holds it, IAM by its profile
/// (or the credential chain).
package struct NamedEnvironment: Sendable, Equatable {
    package var name: String
    package var endpoint: String?
    /// The API's id, described by AppSync's control plane (`--api-id`); with `region`.
    package var apiID: String?
    /// An Amplify config file (`amplify_outputs.json`, `amplifyconfiguration.json`).
    package var configPath: String?
    package var schemaPath: String?
    package var auth: AuthMode?
    package var region: String?
    package var profile: String?
    package var userPoolID: String?
    package var clientID: String?
    /// The environment variable holding the API key.
    package var apiKeyVariable: String?
    /// The file holding the API key.
    package var apiKeyFile: String?
    /// Writes need the environment's name typed on a terminal, or `--yes`.
    package var protected = false

    package init(name: String) {
        self.name = name
    }

    /// A name: a letter or digit, then up to 63 letters, digits, `.`, `_` or `-`.
    package static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        func allowed(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        guard let first = bytes.first, allowed(first), bytes.count <= 64 else { return false }
        return bytes.allSatisfy {
            allowed($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
    }

    /// Its members in the file, in this order; absent values left out.
    package var json: JSONValue {
        var object = JSONObject([("name", .string(name))])
        func put(_ key: String, _ value: String?) { if let value { object[key] = .string(value) } }
        put("endpoint", endpoint)
        put("apiId", apiID)
        put("config", configPath)
        put("schema", schemaPath)
        put("auth", auth?.rawValue)
        put("region", region)
        put("profile", profile)
        put("userPoolId", userPoolID)
        put("clientId", clientID)
        put("apiKeyVariable", apiKeyVariable)
        put("apiKeyFile", apiKeyFile)
        if protected { object["protected"] = .bool(true) }
        return .object(object)
    }

    /// The members the file may hold for one environment.
    static let members = [
        "name", "endpoint", "apiId", "config", "schema", "auth", "region", "profile", "userPoolId", "clientId",
        "apiKeyVariable", "apiKeyFile", "protected",
    ]

    /// Reads one environment of the file; `problem` words what is wrong with it.
    init(json value: JSONValue) throws(EnvironmentFileProblem) {
        guard let object = value.objectValue else { throw .init("an environment is not a JSON object") }
        guard let name = object["name"]?.stringValue, Self.isValidName(name) else {
            throw .init("an environment has no valid \"name\"")
        }
        for key in object.keys where !Self.members.contains(key) {
            throw .init("environment \(name) has an unknown member \"\(key)\"")
        }
        self.init(name: name)
        func text(_ key: String) throws(EnvironmentFileProblem) -> String? {
            guard let member = object[key] else { return nil }
            guard let text = member.stringValue, !text.isEmpty, !text.utf8.contains(where: { $0 < 0x20 }) else {
                throw .init("environment \(name): \"\(key)\" must be a non-empty string")
            }
            return text
        }
        endpoint = try text("endpoint")
        apiID = try text("apiId")
        if let id = apiID, !APIByID.isValidID(id) {
            throw .init("environment \(name): \"apiId\" is not an AppSync API id: \(id)")
        }
        configPath = try text("config")
        schemaPath = try text("schema")
        if let mode = try text("auth") {
            guard let parsed = AuthMode(rawValue: mode) else {
                throw .init("environment \(name): \"auth\" is not an auth mode: \(mode)")
            }
            auth = parsed
        }
        region = try text("region")
        profile = try text("profile")
        userPoolID = try text("userPoolId")
        clientID = try text("clientId")
        apiKeyVariable = try text("apiKeyVariable")
        apiKeyFile = try text("apiKeyFile")
        if let flag = object["protected"] {
            guard case .bool(let value) = flag else {
                throw .init("environment \(name): \"protected\" must be true or false")
            }
            protected = value
        }
    }
}
