extension JSONValue {
    /// The value as JSON text: compact (`{"a":1}`) or pretty (two-space indent, `"a": 1`).
    /// PLACEHOLDER: the implementation lands with the JSON writer.
    public func serialized(pretty: Bool = false) -> String {
        ""
    }
}
