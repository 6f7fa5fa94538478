import GQLPatchClient
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// Reads `amplify_outputs.json` (Gen 2: `data.url`, `data.aws_region`, `data.api_key`,
/// `data.default_authorization_type`, `data.authorization_types`, `data.model_introspection`) or
/// `amplifyconfiguration.json` (Gen 1: `api.plugins.awsAPIPlugin.<name>` with `endpoint`, `region`,
/// `authorizationType`, `apiKey`), telling them apart by content; also the Cognito identity pool id
/// (`auth.identity_pool_id`, or Gen 1's `CredentialsProvider.CognitoIdentity.Default.PoolId`).
public enum AmplifyConfigReader {
    /// The file names `discover(in:files:)` looks for, in order of preference.
    public static let fileNames = ["amplify_outputs.json", "amplifyconfiguration.json"]

    /// The path of `amplify_outputs.json`, else `amplifyconfiguration.json`, in `directory`; nil if neither.
    /// Whatever is there under the name counts (a folder or a FIFO too): reading it then says what is wrong
    /// (exit 78), rather than the config being passed over in silence.
    public static func discover(in directory: String, files: FileSystem) -> String? {
        fileNames.lazy.map { FilePathText.join(directory, $0) }.first(where: files.exists)
    }

    /// Reads the configuration file at `path` through `files` (`InputLimit.schemaFile`): exit 66 if it
    /// cannot be read and the user named it (`--config`), 78 if gqlpatch found it; 78 if it is not
    /// valid JSON or lacks the API settings.
    public static func read(path: String, files: FileSystem, origin: FileSystem.Origin) throws(GQLPatchError)
        -> AmplifyConfig
    {
        try read(bytes: files.read(path, limit: .schemaFile, origin: origin), file: path)
    }

    /// Reads configuration bytes; `file` names the file in messages.
    public static func read(bytes: [UInt8], file: String) throws(GQLPatchError) -> AmplifyConfig {
        let json = try CatalogueLoader.parseJSON(bytes, file: file)
        guard json.objectValue != nil else {
            throw GQLPatchError(.configuration, "\(file): the top level must be an object")
        }
        if json["data"] != nil { return try readGen2(json, file: file) }
        if json["api"] != nil { return try readGen1(json, file: file) }
        throw GQLPatchError(
            .configuration,
            "\(file): no GraphQL API: expected \"data\" (amplify_outputs.json) or \"api.plugins.awsAPIPlugin\" (amplifyconfiguration.json)"
        )
    }

    private static func readGen2(_ json: JSONValue, file: String) throws(GQLPatchError) -> AmplifyConfig {
        let fields = Fields(file: file)
        guard let data = json["data"], data.objectValue != nil else { throw fields.problem("data must be an object") }
        let url = try fields.string(data, "url", path: "data.url")
        let region = try fields.string(data, "aws_region", path: "data.aws_region")
        let apiKey = try fields.optionalString(data, "api_key", path: "data.api_key")
        let defaultMode = try fields.authMode(
            data, "default_authorization_type", path: "data.default_authorization_type")
        var additional: [AuthMode] = []
        if let types = data["authorization_types"] {
            guard let list = types.arrayValue else { throw fields.problem("data.authorization_types must be an array") }
            for (index, item) in list.enumerated() {
                let path = "data.authorization_types[\(index)]"
                guard let name = item.stringValue else { throw fields.problem("\(path) must be a string") }
                guard let mode = AuthMode(appSyncName: name) else { throw fields.unknownMode(name, path: path) }
                additional.append(mode)
            }
        }
        var introspection: JSONValue?
        if let value = data["model_introspection"] {
            guard value.objectValue != nil else { throw fields.problem("data.model_introspection must be an object") }
            introspection = value
        }
        var userPool: AmplifyUserPool?
        if let auth = json["auth"], !auth.isNull {
            guard auth.objectValue != nil else { throw fields.problem("auth must be an object") }
            let pool = AmplifyUserPool(
                poolID: try fields.optionalString(auth, "user_pool_id", path: "auth.user_pool_id"),
                clientID: try fields.optionalString(auth, "user_pool_client_id", path: "auth.user_pool_client_id"),
                region: try fields.optionalString(auth, "aws_region", path: "auth.aws_region"),
                poolIDPath: "auth.user_pool_id", clientIDPath: "auth.user_pool_client_id")
            if pool.poolID != nil || pool.clientID != nil { userPool = pool }
        }
        var config = AmplifyConfig(
            file: file, generation: .gen2, endpoint: url, region: region, apiKey: apiKey, defaultAuthMode: defaultMode,
            additionalAuthModes: additional, modelIntrospection: introspection, userPool: userPool)
        if let auth = json["auth"], auth.objectValue != nil {
            config.identityPoolID = try fields.optionalString(auth, "identity_pool_id", path: "auth.identity_pool_id")
            config.identityPoolPath = "auth.identity_pool_id"
        }
        return config
    }

    private static func readGen1(_ json: JSONValue, file: String) throws(GQLPatchError) -> AmplifyConfig {
        let fields = Fields(file: file)
        let pluginPath = "api.plugins.awsAPIPlugin"
        guard let plugins = json["api"]?["plugins"]?["awsAPIPlugin"]?.objectValue else {
            throw fields.problem("\(pluginPath) must be an object")
        }
        let graphQL = plugins.filter { _, api in
            let type = api["endpointType"]?.stringValue
            return type == nil || type == "GraphQL"
        }
        guard let (name, api) = graphQL.first else {
            throw fields.problem("\(pluginPath) has no GraphQL API")
        }
        let path = "\(pluginPath).\(name)"
        guard api.objectValue != nil else { throw fields.problem("\(path) must be an object") }
        var notes: [String] = []
        if graphQL.count > 1 {
            let names = graphQL.map { "\"\($0.key)\"" }.joined(separator: ", ")
            notes.append("\(file): \(graphQL.count) GraphQL APIs in \(pluginPath) (\(names)); using \"\(name)\"")
        }
        var config = AmplifyConfig(
            file: file, generation: .gen1, endpoint: try fields.string(api, "endpoint", path: "\(path).endpoint"),
            region: try fields.string(api, "region", path: "\(path).region"),
            apiKey: try fields.optionalString(api, "apiKey", path: "\(path).apiKey"),
            defaultAuthMode: try fields.authMode(api, "authorizationType", path: "\(path).authorizationType"),
            userPool: try gen1UserPool(json, fields: fields), notes: notes)
        let identityPath = "auth.plugins.awsCognitoAuthPlugin.CredentialsProvider.CognitoIdentity.Default"
        if let identity = json["auth"]?["plugins"]?["awsCognitoAuthPlugin"]?["CredentialsProvider"]?[
            "CognitoIdentity"]?[
                "Default"], identity.objectValue != nil
        {
            config.identityPoolID = try fields.optionalString(identity, "PoolId", path: "\(identityPath).PoolId")
            config.identityPoolPath = "\(identityPath).PoolId"
        }
        return config
    }

    private static func gen1UserPool(_ json: JSONValue, fields: Fields) throws(GQLPatchError) -> AmplifyUserPool? {
        let path = "auth.plugins.awsCognitoAuthPlugin.CognitoUserPool.Default"
        guard let pool = json["auth"]?["plugins"]?["awsCognitoAuthPlugin"]?["CognitoUserPool"]?["Default"],
            !pool.isNull
        else { return nil }
        guard pool.objectValue != nil else { throw fields.problem("\(path) must be an object") }
        return AmplifyUserPool(
            poolID: try fields.optionalString(pool, "PoolId", path: "\(path).PoolId"),
            clientID: try fields.optionalString(pool, "AppClientId", path: "\(path).AppClientId"),
            region: try fields.optionalString(pool, "Region", path: "\(path).Region"),
            poolIDPath: "\(path).PoolId", clientIDPath: "\(path).AppClientId")
    }

    /// Typed field access with `FILE: PATH must be ...` errors.
    private struct Fields {
        package var file: String

        package func problem(_ message: String) -> GQLPatchError {
            GQLPatchError(.configuration, "\(file): \(message)")
        }

        package func string(_ object: JSONValue, _ key: String, path: String) throws(GQLPatchError) -> String {
            guard let value = object[key] else { throw problem("\(path) is missing") }
            guard let text = value.stringValue else { throw problem("\(path) must be a string") }
            return text
        }

        package func optionalString(_ object: JSONValue, _ key: String, path: String) throws(GQLPatchError) -> String? {
            guard let value = object[key], !value.isNull else { return nil }
            guard let text = value.stringValue else { throw problem("\(path) must be a string") }
            return text
        }

        package func authMode(_ object: JSONValue, _ key: String, path: String) throws(GQLPatchError) -> AuthMode {
            let name = try string(object, key, path: path)
            guard let mode = AuthMode(appSyncName: name) else { throw unknownMode(name, path: path) }
            return mode
        }

        package func unknownMode(_ name: String, path: String) -> GQLPatchError {
            problem("\(path): unknown authorization type \"\(name)\"")
        }
    }
}
