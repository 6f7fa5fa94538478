extension JSONValue {
    /// The value as JSON text: compact (`{"a":1,"b":[true,null]}`) or pretty (two-space indent,
    /// `"a": 1`, empty containers as `{}`/`[]`, as `jq .` prints). No trailing newline.
    ///
    /// Keys are written in insertion order. Strings escape only `"`, `\` and control characters;
    /// everything else (including `/` and non-ASCII) is written as raw UTF-8. A non-finite
    /// double, which JSON cannot express, is written as `null`.
    public func serialized(pretty: Bool = false) -> String {
        var output: [UInt8] = []
        write(to: &output, pretty: pretty)
        return String(decoding: output, as: UTF8.self)
    }

    /// Told of each value written as JSON text in the task and its child tasks, so a test can count
    /// how often a record is serialised; nil (nobody listening) in every real run.
    @TaskLocal package static var serializationWatch: (@Sendable (_ text: ArraySlice<UInt8>) -> Void)?

    /// Appends the value as UTF-8 JSON text to `output` (see `serialized(pretty:)`).
    public func write(to output: inout [UInt8], pretty: Bool) {
        let start = output.count
        write(to: &output, pretty: pretty, level: 0)
        if let watch = Self.serializationWatch { watch(output[start...]) }
    }

    private func write(to output: inout [UInt8], pretty: Bool, level: Int) {
        switch self {
        case .null:
            Self.append("null", to: &output)
        case .bool(let b):
            Self.append(b ? "true" : "false", to: &output)
        case .int(let i):
            Self.appendInteger(i, to: &output)
        case .double(let d):
            if d.isFinite {
                output.append(contentsOf: d.description.utf8)
            } else {
                Self.append("null", to: &output)
            }
        case .string(let s):
            Self.appendString(s, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                Self.append("[]", to: &output)
                return
            }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { Self.appendNewline(indent: level + 1, to: &output) }
                element.write(to: &output, pretty: pretty, level: level + 1)
            }
            if pretty { Self.appendNewline(indent: level, to: &output) }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else {
                Self.append("{}", to: &output)
                return
            }
            output.append(UInt8(ascii: "{"))
            let values = object.values
            for (position, key) in object.keys.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { Self.appendNewline(indent: level + 1, to: &output) }
                Self.appendString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                values[position].write(to: &output, pretty: pretty, level: level + 1)
            }
            if pretty { Self.appendNewline(indent: level, to: &output) }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func append(_ text: StaticString, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private static func appendNewline(indent: Int, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    private static func appendInteger(_ value: Int, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            output.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        // At most 20 digits for a 64-bit magnitude.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            while magnitude > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `string` as a JSON string literal (RFC 8259 escaping, raw UTF-8 otherwise).
    static func appendString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for i in ASCIIWord.skipPlain(utf8, from: 0, orNonASCII: false)..<utf8.count {
                let byte = utf8[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < i { output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i])) }
                runStart = i + 1
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x09: output.append(UInt8(ascii: "t"))
                case 0x08: output.append(UInt8(ascii: "b"))
                case 0x0C: output.append(UInt8(ascii: "f"))
                default:
                    output.append(contentsOf: [
                        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                        hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)],
                    ])
                }
            }
            if runStart < utf8.count {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
