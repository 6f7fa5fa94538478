import GQLPatchSupport
import GraphQLSDL
import JSON

/// Prints the answer to the standard introspection query (`data.__schema`) as SDL that gqlpatch's
/// `--schema` and other GraphQL tools read back: every type except the introspection types and the
/// built-in scalars, custom directive definitions, descriptions, default values and deprecations.
/// Directives applied in the server's SDL are not part of introspection and so are not printed.
package enum IntrospectionSDLPrinter {
    /// The standard introspection query (without `specifiedByURL` and `isRepeatable`, which older
    /// servers reject).
    package static let query = """
        query IntrospectionQuery {
          __schema {
            queryType { name }
            mutationType { name }
            subscriptionType { name }
            types { ...FullType }
            directives { name description locations args { ...InputValue } }
          }
        }
        fragment FullType on __Type {
          kind name description
          fields(includeDeprecated: true) { name description args { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason }
          inputFields { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
          possibleTypes { ...TypeRef }
        }
        fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }
        fragment TypeRef on __Type {
          kind name
          ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }
        }
        """

    package static let builtInScalars: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
    package static let builtInDirectives: Set<String> = ["skip", "include", "deprecated", "specifiedBy", "oneOf"]

    package static func print(_ schema: JSONValue) throws(GQLPatchError) -> String {
        guard let types = schema["types"]?.arrayValue else { throw problem("__schema.types is missing") }
        var blocks: [String] = []
        let query = schema["queryType"]?["name"]?.stringValue
        let mutation = schema["mutationType"]?["name"]?.stringValue
        let subscription = schema["subscriptionType"]?["name"]?.stringValue
        if (query ?? "Query") != "Query" || (mutation ?? "Mutation") != "Mutation"
            || (subscription ?? "Subscription") != "Subscription"
        {
            var lines = ["schema {"]
            if let query { lines.append("  query: \(query)") }
            if let mutation { lines.append("  mutation: \(mutation)") }
            if let subscription { lines.append("  subscription: \(subscription)") }
            lines.append("}")
            blocks.append(lines.joined(separator: "\n"))
        }
        for directive in schema["directives"]?.arrayValue ?? [] {
            guard let name = directive["name"]?.stringValue else { throw problem("a directive has no name") }
            if builtInDirectives.contains(name) { continue }
            let locations = (directive["locations"]?.arrayValue ?? []).compactMap(\.stringValue)
            let text =
                description(directive, indent: "")
                + "directive @\(name)\(try arguments(directive["args"])) on \(locations.joined(separator: " | "))"
            blocks.append(text)
        }
        for type in types {
            guard let name = type["name"]?.stringValue, let kind = type["kind"]?.stringValue else {
                throw problem("a type has no name or kind")
            }
            if name.hasPrefix("__") || (kind == "SCALAR" && builtInScalars.contains(name)) { continue }
            blocks.append(description(type, indent: "") + (try definition(type, name: name, kind: kind)))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private static func definition(_ type: JSONValue, name: String, kind: String) throws(GQLPatchError) -> String {
        switch kind {
        case "SCALAR":
            return "scalar \(name)"
        case "OBJECT", "INTERFACE":
            let keyword = kind == "OBJECT" ? "type" : "interface"
            let interfaces = try (type["interfaces"]?.arrayValue ?? []).map { (t) throws(GQLPatchError) in
                try typeReference(t)
            }
            let implements = interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & ")
            var lines: [String] = []
            for field in type["fields"]?.arrayValue ?? [] {
                guard let fieldName = field["name"]?.stringValue, let fieldType = field["type"] else {
                    throw problem("a field of \(name) has no name or type")
                }
                lines.append(
                    description(field, indent: "  ")
                        + "  \(fieldName)\(try arguments(field["args"], indent: "  ")): \(try typeReference(fieldType))"
                        + deprecation(field))
            }
            return "\(keyword) \(name)\(implements)" + body(lines)
        case "UNION":
            let members = try (type["possibleTypes"]?.arrayValue ?? []).map { (t) throws(GQLPatchError) in
                try typeReference(t)
            }
            return "union \(name) = " + members.joined(separator: " | ")
        case "ENUM":
            let lines = (type["enumValues"]?.arrayValue ?? []).compactMap { value -> String? in
                guard let valueName = value["name"]?.stringValue else { return nil }
                return description(value, indent: "  ") + "  \(valueName)" + deprecation(value)
            }
            return "enum \(name)" + body(lines)
        case "INPUT_OBJECT":
            var lines: [String] = []
            for field in type["inputFields"]?.arrayValue ?? [] {
                lines.append(try inputValue(field, indent: "  "))
            }
            return "input \(name)" + body(lines)
        default:
            throw problem("type \(name) has an unknown kind \(kind)")
        }
    }

    private static func body(_ lines: [String]) -> String {
        lines.isEmpty ? "" : " {\n" + lines.joined(separator: "\n") + "\n}"
    }

    private static func inputValue(_ value: JSONValue, indent: String) throws(GQLPatchError) -> String {
        guard let name = value["name"]?.stringValue, let type = value["type"] else {
            throw problem("an argument has no name or type")
        }
        var text = description(value, indent: indent) + indent + "\(name): \(try typeReference(type))"
        if let defaultValue = value["defaultValue"]?.stringValue { text += " = \(defaultValue)" }
        return text
    }

    /// `(a: T, b: T = 1)`, or one argument per line when any has a description.
    private static func arguments(_ args: JSONValue?, indent: String = "") throws(GQLPatchError) -> String {
        let list = args?.arrayValue ?? []
        if list.isEmpty { return "" }
        if list.contains(where: { $0["description"]?.stringValue != nil }) {
            var lines: [String] = []
            for argument in list { lines.append(try inputValue(argument, indent: indent + "  ")) }
            return "(\n" + lines.joined(separator: "\n") + "\n\(indent))"
        }
        var parts: [String] = []
        for argument in list { parts.append(try inputValue(argument, indent: "")) }
        return "(" + parts.joined(separator: ", ") + ")"
    }

    private static func typeReference(_ type: JSONValue) throws(GQLPatchError) -> String {
        switch type["kind"]?.stringValue {
        case "NON_NULL":
            guard let inner = type["ofType"], !inner.isNull else { throw problem("a NON_NULL type has no ofType") }
            return try typeReference(inner) + "!"
        case "LIST":
            guard let inner = type["ofType"], !inner.isNull else { throw problem("a LIST type has no ofType") }
            return "[" + (try typeReference(inner)) + "]"
        default:
            guard let name = type["name"]?.stringValue else { throw problem("a type reference has no name") }
            return name
        }
    }

    private static func deprecation(_ value: JSONValue) -> String {
        guard value["isDeprecated"] == .bool(true) else { return "" }
        guard let reason = value["deprecationReason"]?.stringValue, reason != "No longer supported" else {
            return " @deprecated"
        }
        return " @deprecated(reason: \(quoted(reason)))"
    }

    private static func description(_ value: JSONValue, indent: String) -> String {
        guard let text = value["description"]?.stringValue, !text.isEmpty else { return "" }
        return indent + quoted(text) + "\n"
    }

    /// A GraphQL string literal.
    package static func quoted(_ text: String) -> String {
        StringLiteral.quoted(text)
    }

    private static func problem(_ message: String) -> GQLPatchError {
        GQLPatchError(.badResponse, "the introspection answer is not a schema: \(message)")
    }
}
