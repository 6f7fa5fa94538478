import GQLPatchSupport
import GraphQLSDL
import JSON

/// A Gen 2 model introspection (`amplify_outputs.json`'s `data.model_introspection`) as the SDL of
/// what it describes: its enums, custom types (`nonModels`), inputs and models as types, and its
/// custom `queries` and `mutations` as the fields of `Query` and `Mutation`, so that the operations
/// it lists are read as a schema's are (`call`). Types are spelled as the introspection gives them:
/// `isRequired` on the element, `isArray`, `isArrayNullable`.
package enum ModelIntrospectionSDL {
    /// The SDL of the introspection in `bytes` (`data.model_introspection`, or a bare one).
    package static func document(_ bytes: [UInt8], file: String) throws(GQLPatchError) -> Document {
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes)
        } catch {
            throw .configuration("\(file):\(error.line):\(error.column): error: \(error.message)")
        }
        let introspection = json["data"]?["model_introspection"] ?? json
        let text = sdl(introspection)
        do {
            return try Parser.parse(Array(text.utf8), file: file)
        } catch {
            throw .configuration("\(file): its model introspection does not make a schema: \(error.description)")
        }
    }

    /// The SDL text of `introspection`.
    static func sdl(_ introspection: JSONValue) -> String {
        var lines: [String] = []
        for (_, value) in introspection["enums"]?.objectValue ?? JSONObject() {
            guard let name = value["name"]?.stringValue else { continue }
            let values = (value["values"]?.arrayValue ?? []).compactMap(\.stringValue)
            lines.append("enum \(name) { \(values.joined(separator: " ")) }")
        }
        for (section, keyword, member) in [
            ("nonModels", "type", "fields"), ("models", "type", "fields"), ("inputs", "input", "attributes"),
        ] {
            for (key, value) in introspection[section]?.objectValue ?? JSONObject() {
                let name = value["name"]?.stringValue ?? key
                let fields = (value[member]?.objectValue ?? JSONObject()).compactMap { field, spec in
                    reference(spec).map { "\(field): \($0)" }
                }
                guard !fields.isEmpty else { continue }
                lines.append("\(keyword) \(name) { \(fields.joined(separator: " ")) }")
            }
        }
        for (section, root) in [("queries", "Query"), ("mutations", "Mutation")] {
            var fields: [String] = []
            for (key, value) in introspection[section]?.objectValue ?? JSONObject() {
                guard let returns = reference(value) else { continue }
                let arguments = (value["arguments"]?.objectValue ?? JSONObject()).compactMap { name, spec in
                    reference(spec).map { "\(name): \($0)" }
                }
                let list = arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))"
                fields.append("\(value["name"]?.stringValue ?? key)\(list): \(returns)")
            }
            if !fields.isEmpty { lines.append("type \(root) { \(fields.joined(separator: " ")) }") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `String!`, `[Item]`, `[Tag!]!`: the type a field, argument or operation spec names; nil when it
    /// names none gqlpatch knows.
    static func reference(_ spec: JSONValue) -> String? {
        let base: String
        switch spec["type"] {
        case .string(let scalar)?: base = scalar
        case .object(let object)?:
            guard let named = ["enum", "model", "nonModel", "input"].lazy.compactMap({ object[$0]?.stringValue }).first
            else { return nil }
            base = named
        default: return nil
        }
        guard base.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !base.isEmpty else { return nil }
        let element = spec["isRequired"] == .bool(true) ? base + "!" : base
        guard spec["isArray"] == .bool(true) else { return element }
        return "[\(element)]" + (spec["isArrayNullable"] == .bool(false) ? "!" : "")
    }
}
