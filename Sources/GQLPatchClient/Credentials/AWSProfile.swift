/// One profile of the shared AWS files, with the config-file and credentials-file sections of the
/// same name merged (the credentials file wins key by key). Each value remembers where it was set.
public struct AWSProfile: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A value and its origin, for error messages that name the file and line.
    public struct Value: Sendable, Hashable {
        public var value: String
        /// The file it was read from.
        public var path: String
        /// The 1-based line it was set on.
        public var line: Int
        /// Whether it came from the credentials file rather than the config file.
        public var inCredentialsFile: Bool
    }

    /// The profile name, without the `profile ` prefix.
    public let name: String
    /// Lower-cased keys to values.
    public let values: [String: Value]
    /// Where the profile is defined, for messages: `~/.aws/credentials`, `~/.aws/config`, or both
    /// joined by ` and `.
    public let location: String

    /// The value of `key`, or `nil` when it is missing or empty.
    public func string(_ key: String) -> String? {
        guard let value = values[key]?.value, !value.isEmpty else { return nil }
        return value
    }

    /// The position of `key` as `PATH:LINE:1`, or the location of the profile when it is missing.
    package func position(of key: String) -> String {
        guard let value = values[key] else { return location }
        return "\(value.path):\(value.line):1"
    }

    /// The profile name and where it is defined; values are never shown.
    public var description: String { "AWSProfile(\(name) in \(location))" }

    public var debugDescription: String { description }

    /// Only the name, location and keys, so `dump` shows no values.
    public var customMirror: Mirror {
        Mirror(
            self, children: ["name": name, "location": location, "keys": values.keys.sorted()], displayStyle: .struct)
    }
}
