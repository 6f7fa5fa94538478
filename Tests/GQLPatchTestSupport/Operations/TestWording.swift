import GQLPatchSupport
import JSON

/// A caller's wording for the tests of the layers below the command line: each input source named
/// by what it is (`[set]`, `[condition]`), so those tests check which source a message names
/// without spelling an option (the command line's own wording is tested with the command line).
package struct TestWording: InputWording {
    package init() {}

    package func name(_ source: InputSource) -> String { "[\(source)]" }

    package func field(_ field: String, in source: InputSource) -> String { "\(name(source)) \(field)" }

    package func missing(_ field: String, in source: InputSource) -> String { "missing \(name(source)) \(field)" }

    package func given(in source: InputSource) -> String { "with \(name(source))" }

    package func assignment(_ field: String, object: Bool, in source: InputSource) -> String {
        object ? "\(name(source)) \(field):={...}" : "\(name(source)) \(field)=VALUE"
    }

    package func listAssignment(_ field: String, element: String, addable: Bool, in source: InputSource) -> String {
        let whole = "\(name(source)) \(field):=[\(element)]"
        return addable ? whole + " or \(name(.add)) \(field)=\(element)" : whole
    }
}
