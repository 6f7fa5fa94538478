import JSON

/// One field and its value as the caller gave it: `F=V`, `F:=JSON`, `F=@PATH` or a field to clear,
/// for a change, a condition, a key field or a query variable.
public struct FieldAssignment: Sendable, Hashable {
    /// How the value was written.
    public enum Value: Sendable, Hashable {
        /// `F=TEXT`: typed by the schema (`00123` stays a string for a String field).
        case text(String)
        /// `F:=JSON`: a literal JSON value, validated against the field type.
        case json(String)
        /// `F=@PATH` (`@-` is standard input): the file's text for a String field, else parsed like `.text`
        /// (JSON for lists and input objects).
        case file(String)
        /// A field to clear: JSON null.
        case null
        /// A JSON value already parsed (an `apply` line's, a record's), validated against the field type
        /// like `.json` without being written out and read again.
        case parsed(JSONValue)

        /// Whether the value is JSON null, however it was written.
        public var isNull: Bool {
            switch self {
            case .null: return true
            case .json(let text): return text == "null"
            case .parsed(let value): return value.isNull
            case .text, .file: return false
            }
        }
    }

    /// The field name; may be a dotted path where a command allows it.
    public var field: String
    public var value: Value

    public init(field: String, value: Value) {
        self.field = field
        self.value = value
    }
}
