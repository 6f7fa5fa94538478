import GQLPatchSupport

/// Words every input source by its own name (`key`, `condition`), for the tests of the layers below
/// the command line, which must not need the command line's or `apply`'s wording to run.
package struct SourceNameWording: InputWording {
    package init() {}

    package func name(_ source: InputSource) -> String { "\(source)" }

    package func field(_ field: String, in source: InputSource) -> String { "\(source) field \(field)" }

    package func missing(_ field: String, in source: InputSource) -> String { "\(source) is missing \(field)" }

    package func given(in source: InputSource) -> String { "in \(source)" }

    package func assignment(_ field: String, object: Bool, in source: InputSource) -> String {
        object ? "\(source) \(field) as a JSON object" : "\(source) \(field)"
    }

    package func listAssignment(_ field: String, element: String, addable: Bool, in source: InputSource) -> String {
        "\(source) \(field) as a JSON list"
    }
}
