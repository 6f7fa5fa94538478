import GQLPatchSupport
import JSON

/// The environments file: every environment the user added, in the order added, and the default
/// `env use` chose.
///
///     {"gqlpatchEnvironments": 1, "default": "staging", "environments": [{"name": "staging", ...}]}
package struct EnvironmentFile: Sendable, Equatable {
    package var environments: [NamedEnvironment] = []
    /// `env use NAME`.
    package var defaultName: String?

    /// The file's version; a file of another is refused.
    static let version = 1
    /// At most this many environments.
    package static let maximumCount = 1000

    package init() {}

    package subscript(name: String) -> NamedEnvironment? {
        environments.first { $0.name == name }
    }

    /// The environment `name`, else the one refusal every command gives for a name not there (exit
    /// 78): the closest name, and the names there are; `path` is where the file is.
    package func environment(named name: String, path: String) throws(GQLPatchError) -> NamedEnvironment {
        if let found = self[name] { return found }
        let names = environments.map(\.name)
        let hint = FieldSuggestion.closest(to: name, among: names).map { "; did you mean \($0)?" } ?? ""
        throw .configuration(
            "no environment '\(name)' in \(path)\(hint) (\(names.isEmpty ? "none added yet" : "there: " + names.joined(separator: ", ")); gqlpatch env list)"
        )
    }

    package var bytes: [UInt8] {
        let object = JSONObject([
            ("gqlpatchEnvironments", .int(Self.version)),
            ("default", defaultName.map(JSONValue.string) ?? .null),
            ("environments", .array(environments.map(\.json))),
        ])
        var bytes: [UInt8] = []
        JSONValue.object(object).write(to: &bytes, pretty: true)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    package init(bytes: [UInt8]) throws(EnvironmentFileProblem) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw .init("it is not JSON (\(error))")
        }
        guard let object = value.objectValue, object["gqlpatchEnvironments"] == .int(Self.version) else {
            throw .init("it is not a gqlpatch environments file of version \(Self.version)")
        }
        guard case .array(let list)? = object["environments"], list.count <= Self.maximumCount else {
            throw .init("\"environments\" is not a list of at most \(Self.maximumCount)")
        }
        for item in list {
            let environment = try NamedEnvironment(json: item)
            guard self[environment.name] == nil else { throw .init("environment \(environment.name) is there twice") }
            environments.append(environment)
        }
        switch object["default"] {
        case nil, .null?: break
        case .string(let name)?:
            guard self[name] != nil else { throw .init("the default \(name) is not one of its environments") }
            defaultName = name
        default: throw .init("\"default\" must be an environment's name or null")
        }
    }
}
