import JSON

/// Parses arbitrary bytes as JSON; whatever parses must serialize and parse back to the same value
/// (compact and pretty). The same bytes are also fed to `JSONLineReader` in two chunks, split at a
/// point the first byte chooses: the lines must be the same as split in one piece.
enum JSONFuzzTarget {
    static func run(_ bytes: [UInt8]) {
        do {
            let value = try JSONValue.parse(bytes)
            for pretty in [false, true] {
                let text = value.serialized(pretty: pretty)
                do {
                    let again = try JSONValue.parse(text)
                    precondition(again == value, "round trip changed the value: \(text)")
                } catch {
                    preconditionFailure("serialized JSON does not parse: \(error): \(text)")
                }
            }
        } catch {
            precondition(error.line >= 1 && error.column >= 1, "bad error position")
            _ = error.description
        }
        lines(bytes)
    }

    static func lines(_ bytes: [UInt8]) {
        let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
        var whole = JSONLineReader()
        var expected = whole.feed(bytes)
        if let last = whole.finish() { expected.append(last) }
        var chunked = JSONLineReader()
        var got = chunked.feed(Array(bytes[..<split]))
        got += chunked.feed(Array(bytes[split...]))
        if let last = chunked.finish() { got.append(last) }
        precondition(got.count == expected.count, "chunking changed the number of lines")
        for (a, b) in zip(got, expected) {
            precondition(a.number == b.number && a.bytes == b.bytes, "chunking changed line \(a.number)")
            _ = try? a.parse()
        }
    }
}
