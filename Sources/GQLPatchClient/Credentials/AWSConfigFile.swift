import GQLPatchSupport

/// One parsed `~/.aws/config` or `~/.aws/credentials` file, read with the cross-SDK profile-file
/// rules (AWS SDKs' `profile-parser-tests.json`):
///
/// - `#` and `;` start a comment line; after a value they start a comment only when whitespace
///   precedes them (`value#x` keeps `#x`); after a section header they always do.
/// - Config files name profiles `[default]` and `[profile NAME]` (`[profile default]` wins over
///   `[default]`); credentials files name them `[NAME]`. Other sections are kept by their full
///   name (`sso-session x`, `services x`) or ignored with a warning.
/// - Properties are `key = value`; keys are lower-cased, keys and values trimmed of spaces and tabs.
///   `:` is not a delimiter. An indented line continues the property above it (`s3 =` followed by
///   indented `key = value` lines is a sub-section, kept as one string).
/// - A section given twice is merged; a key given twice keeps its last value.
///
/// Errors read `PATH:LINE:COLUMN: error: MESSAGE` and never quote the line (it may hold a secret).
public struct AWSConfigFile: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Which of the two shared files this is; they name profiles differently.
    public enum Kind: Sendable, Hashable {
        case config
        case credentials
    }

    /// A property's value and the 1-based line it was set on.
    public struct Property: Sendable, Hashable {
        public var value: String
        public var line: Int
    }

    /// The path the file was read from.
    public let path: String
    /// Config or credentials file.
    public let kind: Kind
    /// Profiles by name (without the `profile ` prefix), each a map of lower-cased keys.
    public private(set) var profiles: [String: [String: Property]] = [:]
    /// The line each profile's (first) section header is on.
    public private(set) var profileLines: [String: Int] = [:]
    /// Non-profile sections of a config file by their full name, e.g. `sso-session corp`.
    public private(set) var sections: [String: [String: Property]] = [:]
    /// Things that are ignored but probably not meant to be, as `PATH:LINE: warning: …`.
    public private(set) var warnings: [String] = []

    /// Parses the UTF-8 `bytes` of the file at `path`.
    public static func parse(_ bytes: [UInt8], path: String, kind: Kind) throws(GQLPatchError) -> AWSConfigFile {
        var file = AWSConfigFile(path: path, kind: kind)
        try file.read(bytes)
        return file
    }

    private init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// The file's path, kind and profile names; values are never shown.
    public var description: String {
        "AWSConfigFile(\(path), \(kind), profiles: \(profiles.keys.sorted().joined(separator: ", ")))"
    }

    public var debugDescription: String { description }

    /// Only the path, kind and profile names, so `dump` shows no values.
    public var customMirror: Mirror {
        Mirror(self, children: ["path": path, "kind": kind, "profiles": profiles.keys.sorted()], displayStyle: .struct)
    }

    // MARK: - Reading

    private enum Target {
        case profile(String)
        case section(String)
        case ignored
    }

    private mutating func read(_ bytes: [UInt8]) throws(GQLPatchError) {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var target: Target?
        var lastKey: String?
        var lineNumber = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line.removeLast() }
            let trimmed = line.trimmingSpacesAndTabs()
            if trimmed.isEmpty { continue }
            let indented = line.first == " " || line.first == "\t"
            if indented, target != nil, let key = lastKey {
                try continueProperty(key, with: trimmed, in: target!, line: lineNumber)
                continue
            }
            if trimmed.first == "#" || trimmed.first == ";" { continue }
            if trimmed.first == "[" {
                target = try sectionTarget(trimmed, line: lineNumber)
                lastKey = nil
                continue
            }
            if indented {
                throw error(lineNumber, 1, "expected a property definition, found a continuation line")
            }
            guard let currentTarget = target else {
                throw error(lineNumber, 1, "expected a profile definition before the first property")
            }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw error(lineNumber, 1, "expected an '=' sign defining a property")
            }
            let key = trimmed[..<equals].trimmingSpacesAndTabs().lowercased()
            guard !key.isEmpty else { throw error(lineNumber, 1, "expected a property name before '='") }
            let value = Self.strippingComment(trimmed[trimmed.index(after: equals)...]).trimmingSpacesAndTabs()
            set(key, Property(value: String(value), line: lineNumber), in: currentTarget)
            lastKey = key
        }
    }

    private mutating func continueProperty(
        _ key: String,
        with text: Substring,
        in target: Target,
        line: Int
    ) throws(GQLPatchError) {
        guard var property = properties(of: target)?[key] else { return }
        if property.value.isEmpty || property.value.hasPrefix("\n") {
            // A sub-section such as `s3 =`: every indented line must itself be `key = value`.
            guard text.contains("=") else {
                throw error(line, 1, "expected an '=' sign defining a sub-property of '\(key)'")
            }
        }
        property.value += "\n" + text
        set(key, property, in: target)
    }

    private mutating func sectionTarget(
        _ text: Substring,
        line: Int
    ) throws(GQLPatchError) -> Target {
        guard let close = text.firstIndex(of: "]") else {
            throw error(line, text.count + 1, "expected ']' to end the section header")
        }
        let after = text[text.index(after: close)...].trimmingSpacesAndTabs()
        guard after.isEmpty || after.first == "#" || after.first == ";" else {
            throw error(line, 1, "expected a comment or the end of the line after ']'")
        }
        let inner = text[text.index(after: text.startIndex)..<close].trimmingSpacesAndTabs()
        var name = inner
        var prefix: Substring?
        if let space = inner.firstIndex(where: { $0 == " " || $0 == "\t" }) {
            prefix = inner[..<space]
            name = inner[space...].trimmingSpacesAndTabs()
        }
        guard Self.isValidName(name) else {
            warnings.append("\(path):\(line): warning: section [\(inner)] is ignored: the name is not valid")
            return .ignored
        }
        let profileName = String(name)
        switch (kind, prefix) {
        case (.credentials, nil):
            return openProfile(profileName, line: line)
        case (.credentials, .some):
            warnings.append(
                "\(path):\(line): warning: section [\(inner)] is ignored: a credentials file names profiles [NAME]")
            return .ignored
        case (.config, nil) where profileName == "default":
            if profilePrefixedDefaultSeen {
                warnings.append("\(path):\(line): warning: [default] is ignored: [profile default] overrides it")
                return .ignored
            }
            return openProfile(profileName, line: line)
        case (.config, nil):
            warnings.append(
                "\(path):\(line): warning: section [\(inner)] is ignored: config-file profiles are named [profile \(inner)]"
            )
            return .ignored
        case (.config, "profile"?):
            if profileName == "default", !profilePrefixedDefaultSeen {
                if profiles["default"] != nil {
                    warnings.append("\(path):\(line): warning: [profile default] overrides the earlier [default]")
                }
                profiles["default"] = nil
                profileLines["default"] = nil
                profilePrefixedDefaultSeen = true
            }
            return openProfile(profileName, line: line)
        case (.config, let other?):
            let full = other + " " + profileName
            if sections[full] == nil { sections[full] = [:] }
            return .section(full)
        }
    }

    private var profilePrefixedDefaultSeen = false

    private mutating func openProfile(_ name: String, line: Int) -> Target {
        if profiles[name] == nil {
            profiles[name] = [:]
            profileLines[name] = line
        }
        return .profile(name)
    }

    private func properties(of target: Target) -> [String: Property]? {
        switch target {
        case .profile(let name): return profiles[name]
        case .section(let name): return sections[name]
        case .ignored: return nil
        }
    }

    private mutating func set(_ key: String, _ property: Property, in target: Target) {
        switch target {
        case .profile(let name): profiles[name, default: [:]][key] = property
        case .section(let name): sections[name, default: [:]][key] = property
        case .ignored: break
        }
    }

    private func error(_ line: Int, _ column: Int, _ message: String) -> GQLPatchError {
        .configuration("\(path):\(line):\(column): error: \(message)")
    }

    /// Profile and section names: letters, digits and `-/_.%@:+`.
    package static func isValidName(_ name: Substring) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                    || "-/_.%@:+".unicodeScalars.contains(scalar)
            }
    }

    /// The value up to a `#` or `;` that follows a space or tab.
    private static func strippingComment(_ value: Substring) -> Substring {
        var previous: Character = " "
        var index = value.startIndex
        while index < value.endIndex {
            let character = value[index]
            if character == "#" || character == ";", previous == " " || previous == "\t" {
                return value[..<index]
            }
            previous = character
            index = value.index(after: index)
        }
        return value
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    package func trimmingSpacesAndTabs() -> Substring {
        var slice = self
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return slice
    }
}
