import GQLPatchSupport

/// The two shared AWS files, `~/.aws/config` and `~/.aws/credentials` (or the paths in
/// `AWS_CONFIG_FILE` and `AWS_SHARED_CREDENTIALS_FILE`). A missing file is not an error.
public struct AWSSharedConfig: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The parsed config file, `nil` when it does not exist.
    public let configFile: AWSConfigFile?
    /// The parsed credentials file, `nil` when it does not exist.
    public let credentialsFile: AWSConfigFile?
    /// The config file's path as shown to people (`~/.aws/config` under the home directory).
    public let configDisplayPath: String
    /// The credentials file's path as shown to people.
    public let credentialsDisplayPath: String

    /// Reads the files named by `environment` (or the defaults under `home`).
    public static func load(
        environment: [String: String],
        home: String,
        files: FileSystem
    ) throws(GQLPatchError) -> AWSSharedConfig {
        let configVariable = environment["AWS_CONFIG_FILE"],
            credentialsVariable = environment["AWS_SHARED_CREDENTIALS_FILE"]
        let configPath = path(configVariable, default: ".aws/config", home: home)
        let credentialsPath = path(credentialsVariable, default: ".aws/credentials", home: home)
        // A missing file is not an error, named or not (as in the AWS CLI); one that is there and
        // cannot be read is 66 when the environment named it, 78 for the default under `home`.
        func load(_ path: String, _ kind: AWSConfigFile.Kind, named: String?) throws(GQLPatchError) -> AWSConfigFile? {
            guard files.exists(path) else { return nil }
            let origin: FileSystem.Origin = (named ?? "").isEmpty ? .found : .named
            return try AWSConfigFile.parse(
                try AWSCredentialChain.readFile(path, files: files, origin: origin), path: path, kind: kind)
        }
        return AWSSharedConfig(
            configFile: try load(configPath, .config, named: configVariable),
            credentialsFile: try load(credentialsPath, .credentials, named: credentialsVariable),
            configDisplayPath: displayPath(configPath, home: home),
            credentialsDisplayPath: displayPath(credentialsPath, home: home)
        )
    }

    /// Makes a configuration from already parsed files.
    public init(
        configFile: AWSConfigFile?,
        credentialsFile: AWSConfigFile?,
        configDisplayPath: String,
        credentialsDisplayPath: String
    ) {
        self.configFile = configFile
        self.credentialsFile = credentialsFile
        self.configDisplayPath = configDisplayPath
        self.credentialsDisplayPath = credentialsDisplayPath
    }

    /// Whether neither file exists.
    public var isEmpty: Bool { configFile == nil && credentialsFile == nil }

    /// The merged profile `name`, or `nil` when neither file defines it.
    public func profile(_ name: String) -> AWSProfile? {
        let fromConfig = configFile?.profiles[name]
        let fromCredentials = credentialsFile?.profiles[name]
        guard fromConfig != nil || fromCredentials != nil else { return nil }
        var values: [String: AWSProfile.Value] = [:]
        if let configFile, let fromConfig {
            for (key, property) in fromConfig {
                values[key] = .init(
                    value: property.value, path: configFile.path, line: property.line, inCredentialsFile: false)
            }
        }
        if let credentialsFile, let fromCredentials {
            for (key, property) in fromCredentials {
                values[key] = .init(
                    value: property.value, path: credentialsFile.path, line: property.line, inCredentialsFile: true)
            }
        }
        let places = [
            fromCredentials == nil ? nil : credentialsDisplayPath,
            fromConfig == nil ? nil : configDisplayPath,
        ].compactMap { $0 }
        return AWSProfile(name: name, values: values, location: places.joined(separator: " and "))
    }

    /// Warnings of both files (ignored sections).
    public var warnings: [String] { (configFile?.warnings ?? []) + (credentialsFile?.warnings ?? []) }

    /// The two paths; values are never shown.
    public var description: String {
        "AWSSharedConfig(config: \(configDisplayPath)\(configFile == nil ? " (missing)" : ""), credentials: \(credentialsDisplayPath)\(credentialsFile == nil ? " (missing)" : ""))"
    }

    public var debugDescription: String { description }

    /// Only the two paths, so `dump` shows no values.
    public var customMirror: Mirror {
        Mirror(
            self, children: ["config": configDisplayPath, "credentials": credentialsDisplayPath], displayStyle: .struct)
    }

    private static func path(_ configured: String?, default relative: String, home: String) -> String {
        guard let configured, !configured.isEmpty else { return FilePathText.join(home, relative) }
        if configured == "~" { return home }
        if configured.hasPrefix("~/") { return FilePathText.join(home, String(configured.dropFirst(2))) }
        return configured
    }

    /// `~/…` for a path under `home`, else the path itself.
    package static func displayPath(_ path: String, home: String) -> String {
        let prefix = home.hasSuffix("/") ? home : home + "/"
        guard !home.isEmpty, home != "/", path.hasPrefix(prefix) else { return path }
        return "~/" + path.dropFirst(prefix.count)
    }
}
