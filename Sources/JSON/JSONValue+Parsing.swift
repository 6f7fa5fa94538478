extension JSONValue {
    /// Parses one JSON document (RFC 8259) from UTF-8 bytes.
    /// PLACEHOLDER: the implementation lands with the JSON reader.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        throw JSONParseError(line: 1, column: 1, message: "JSON reader not implemented")
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}
