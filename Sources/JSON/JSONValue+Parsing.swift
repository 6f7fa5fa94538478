extension JSONValue {
    /// Parses one JSON document (RFC 8259, strict) from UTF-8 bytes.
    ///
    /// Integers that fit in `Int` become `.int`, other numbers `.double`. For a repeated object
    /// key the last value wins and keeps the key's first position. Nesting deeper than 512
    /// levels is an error. The error carries the 1-based line and byte column of the
    /// offending byte.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            try parse(buffer)
        }
    }

    /// Parses one JSON document from a string (see `parse(_:)` for bytes).
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        // `String.withUTF8` only rethrows untyped errors, so the result travels as a `Result`.
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer) }
        }
        return try result.get()
    }

    /// Parses one JSON document from a buffer of UTF-8 bytes (see `parse(_:)`).
    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: buffer)
        return try parser.parseDocument()
    }
}
