/// How a caller names input sources in the messages the lower layers write: the command line says
/// `--key id`, `apply` says `"key" field id`. The lower layers word every refusal through this and
/// never spell a command line (or an input line) themselves.
package protocol InputWording: Sendable {
    /// The source alone: `--if`, `"if"`.
    func name(_ source: InputSource) -> String
    /// The source naming one field: `--key id`, `"key" field id`.
    func field(_ field: String, in source: InputSource) -> String
    /// A field the source should hold and does not: `missing --key rowID`, `"key" is missing rowID`.
    func missing(_ field: String, in source: InputSource) -> String
    /// Where a value is given: `with --key`, `in "key"`.
    func given(in source: InputSource) -> String
    /// How to give a field a value (`object`: a whole JSON object): `--set rowID=VALUE`,
    /// `--set meta:='{...}'`.
    func assignment(_ field: String, object: Bool, in source: InputSource) -> String
}
