/// How a caller names input sources in the messages the lower layers write: the command line by its
/// options (`CommandLineWording`), `apply` by the members of its line (`ApplyLineWording`, `"key"
/// field id`). The lower layers word every refusal through this and never spell a command line (or
/// an input line) themselves.
package protocol InputWording: Sendable {
    /// The source alone (`"if"` in an `apply` line).
    func name(_ source: InputSource) -> String
    /// The source naming one field (`"key" field id`).
    func field(_ field: String, in source: InputSource) -> String
    /// A field the source should hold and does not (`"key" is missing rowID`).
    func missing(_ field: String, in source: InputSource) -> String
    /// Where a value is given (`in "key"`).
    func given(in source: InputSource) -> String
    /// How to give a field a value (`object`: a whole JSON object).
    func assignment(_ field: String, object: Bool, in source: InputSource) -> String
    /// How to give a list field the value `element` was meant for: the whole list as JSON, or (when
    /// the command has list edits: `addable`) the one element added.
    func listAssignment(_ field: String, element: String, addable: Bool, in source: InputSource) -> String
}
