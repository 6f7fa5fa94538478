/// A strict RFC 8259 reader over a buffer of UTF-8 bytes.
///
/// Containers are parsed with an explicit stack, not recursion, so no input can overflow the
/// call stack; nesting is limited to `maxDepth` levels. Errors point at the offending byte
/// (for `unterminated string`, at the opening quote; at the end of input, one past the last byte).
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maxDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private enum ContainerKind { case array, object }

    /// An open container: its kind, and where its elements (and keys) start on the value stacks.
    private struct Frame {
        var kind: ContainerKind
        var valueStart: Int
        var keyStart: Int
    }

    // MARK: - Document

    /// JSON-text = ws value ws
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("trailing characters after JSON value", at: index) }
        return value
    }

    /// value = false / null / true / object / array / number / string
    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        var values: [JSONValue] = []
        var keys: [String] = []
        var frames: [Frame] = []
        // Room for a typical record up front: growing from empty reallocated each stack four times
        // or five in every parse (a response, an input line).
        values.reserveCapacity(16)
        keys.reserveCapacity(16)
        frames.reserveCapacity(4)

        nextValue: while true {
            // Here a value starts at `index` (whitespace already skipped).
            guard index < bytes.count else { throw error("unexpected end of input", at: index) }
            var value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "{"):
                guard frames.count < Self.maxDepth else {
                    throw error("nesting deeper than \(Self.maxDepth) levels", at: index)
                }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    value = .object(JSONObject())
                } else {
                    frames.append(Frame(kind: .object, valueStart: values.count, keyStart: keys.count))
                    keys.append(try parseKey())
                    continue nextValue
                }
            case UInt8(ascii: "["):
                guard frames.count < Self.maxDepth else {
                    throw error("nesting deeper than \(Self.maxDepth) levels", at: index)
                }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    frames.append(Frame(kind: .array, valueStart: values.count, keyStart: keys.count))
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try parseNumber()
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            default:
                throw unexpectedCharacter(at: index)
            }

            // A value is complete: add it to the open container, closing containers as they end.
            while let frame = frames.last {
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of input", at: index) }
                let byte = bytes[index]
                switch frame.kind {
                case .array:
                    if byte == UInt8(ascii: ",") {
                        values.append(value)
                        index += 1
                        skipWhitespace()
                        continue nextValue
                    } else if byte == UInt8(ascii: "]") {
                        index += 1
                        values.append(value)
                        value = .array(Array(values[frame.valueStart...]))
                        values.removeSubrange(frame.valueStart...)
                        frames.removeLast()
                    } else {
                        throw error("expected \",\" or \"]\" after array element", at: index)
                    }
                case .object:
                    if byte == UInt8(ascii: ",") {
                        values.append(value)
                        index += 1
                        skipWhitespace()
                        keys.append(try parseKey())
                        continue nextValue
                    } else if byte == UInt8(ascii: "}") {
                        index += 1
                        values.append(value)
                        value = .object(
                            JSONObject(keys: keys[frame.keyStart...], values: values[frame.valueStart...]))
                        values.removeSubrange(frame.valueStart...)
                        keys.removeSubrange(frame.keyStart...)
                        frames.removeLast()
                    } else {
                        throw error("expected \",\" or \"}\" after object member", at: index)
                    }
                }
            }
            return value
        }
    }

    /// member = string name-separator value (this reads `string ws ":" ws`)
    private mutating func parseKey() throws(JSONParseError) -> String {
        guard index < bytes.count else { throw error("unexpected end of input", at: index) }
        guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected string as object key", at: index) }
        let key = try parseString()
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input", at: index) }
        guard bytes[index] == UInt8(ascii: ":") else { throw error("expected \":\" after object key", at: index) }
        index += 1
        skipWhitespace()
        return key
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    /// false / null / true: the first mismatching byte is reported.
    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        for offset in 0..<count {
            guard index < bytes.count else { throw error("unexpected end of input", at: index) }
            guard bytes[index] == start[offset] else { throw unexpectedCharacter(at: index) }
            index += 1
        }
    }

    // MARK: - Numbers

    /// number = [ minus ] int [ frac ] [ exp ]
    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value = 0
        var overflow = false
        var isInteger = true

        guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number", at: index) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("invalid number", at: index) }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                let digit = Int(bytes[index] &- UInt8(ascii: "0"))
                if !overflow {
                    let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                    let (next, o2) =
                        negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
                    if o1 || o2 { overflow = true } else { value = next }
                }
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number", at: index) }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number", at: index) }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if isInteger && !overflow { return .int(value) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else { throw error("number out of range", at: start) }
        return .double(double)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    // MARK: - Strings

    /// string = quotation-mark *char quotation-mark; `index` is at the opening quote.
    private mutating func parseString() throws(JSONParseError) -> String {
        let quote = index
        index += 1
        let start = index
        // Plain words first, once: past the first word that needs a look, byte by byte (a short
        // string ends inside its first word, and a skip per byte would cost more than it saves).
        index = ASCIIWord.skipPlain(bytes, from: index, orNonASCII: true)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return string
            } else if byte == UInt8(ascii: "\\") {
                return try parseEscapedString(quote: quote, start: start)
            } else if byte < 0x20 {
                throw error("control character in string", at: index)
            } else if byte < 0x80 {
                index += 1
            } else {
                index += try utf8SequenceLength(at: index)
            }
        }
        throw error("unterminated string", at: quote)
    }

    /// The slow path of `parseString`, from the first backslash on.
    private mutating func parseEscapedString(quote: Int, start: Int) throws(JSONParseError) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(index - start + 16)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                try parseEscape(quote: quote, into: &buffer)
            } else if byte < 0x20 {
                throw error("control character in string", at: index)
            } else if byte < 0x80 {
                buffer.append(byte)
                index += 1
            } else {
                let length = try utf8SequenceLength(at: index)
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                index += length
            }
        }
        throw error("unterminated string", at: quote)
    }

    /// escape = "\" ( %x22 / %x5C / %x2F / %x62 / %x66 / %x6E / %x72 / %x74 / %x75 4HEXDIG )
    private mutating func parseEscape(quote: Int, into buffer: inout [UInt8]) throws(JSONParseError) {
        let backslash = index
        guard index + 1 < bytes.count else { throw error("unterminated string", at: quote) }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(letter)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4(backslash: backslash, quote: quote)
            var scalarValue = UInt32(unit)
            if 0xDC00...0xDFFF ~= unit {
                throw error("unpaired surrogate \"\(escapeText(at: backslash))\"", at: backslash)
            } else if 0xD800...0xDBFF ~= unit {
                let second = index
                guard second + 1 < bytes.count, bytes[second] == UInt8(ascii: "\\"),
                    bytes[second + 1] == UInt8(ascii: "u")
                else { throw error("unpaired surrogate \"\(escapeText(at: backslash))\"", at: backslash) }
                index += 2
                let low = try parseHex4(backslash: second, quote: quote)
                guard 0xDC00...0xDFFF ~= low else {
                    throw error("unpaired surrogate \"\(escapeText(at: backslash))\"", at: backslash)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            }
            // Surrogates are excluded above, so this is always a valid scalar.
            if let scalar = Unicode.Scalar(scalarValue) {
                buffer.append(contentsOf: UTF8.encode(scalar).unsafelyUnwrapped)
            }
        default:
            if letter >= 0x20 && letter < 0x7F {
                throw error("invalid escape \"\\\(Character(Unicode.Scalar(letter)))\"", at: backslash)
            }
            throw error("invalid escape", at: backslash)
        }
    }

    /// Four hex digits after `\u`; `index` is just past the `u`.
    private mutating func parseHex4(backslash: Int, quote: Int) throws(JSONParseError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("unterminated string", at: quote) }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid unicode escape", at: backslash)
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    /// The six characters `\uXXXX` starting at `offset`, as written in the input.
    private func escapeText(at offset: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + 6]), as: UTF8.self)
    }

    /// The length of the well-formed UTF-8 sequence that starts at `offset` (lead byte >= 0x80),
    /// or an `invalid UTF-8` error at `offset`.
    private func utf8SequenceLength(at offset: Int) throws(JSONParseError) -> Int {
        guard let length = Self.utf8SequenceLength(in: bytes, at: offset) else {
            throw error("invalid UTF-8", at: offset)
        }
        return length
    }

    /// See `utf8SequenceLength(at:)`; `nil` when the bytes are not well-formed UTF-8.
    static func utf8SequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        let second = bytes[offset + 1]
        guard second >= low && second <= high else { return nil }
        for i in 2..<length where bytes[offset + i] & 0xC0 != 0x80 { return nil }
        return length
    }

    // MARK: - Errors

    private func error(_ message: String, at offset: Int) -> JSONParseError {
        var line = 1
        var lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return JSONParseError(line: line, column: offset - lineStart + 1, message: message)
    }

    /// `unexpected character "x"` (printable ASCII), `unexpected character U+0001` (controls),
    /// `unexpected character "é" (U+00E9)` (other UTF-8), or `invalid UTF-8`.
    private func unexpectedCharacter(at offset: Int) -> JSONParseError {
        let byte = bytes[offset]
        if byte < 0x80 {
            if byte >= 0x20 && byte < 0x7F {
                let text = byte == UInt8(ascii: "\"") ? "\\\"" : String(Character(Unicode.Scalar(byte)))
                return error("unexpected character \"\(text)\"", at: offset)
            }
            return error("unexpected character \(Self.codePoint(UInt32(byte)))", at: offset)
        }
        guard let length = Self.utf8SequenceLength(in: bytes, at: offset) else {
            return error("invalid UTF-8", at: offset)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        let value = text.unicodeScalars.first.map(\.value) ?? 0
        return error("unexpected character \"\(text)\" (\(Self.codePoint(value)))", at: offset)
    }

    /// `U+XXXX` with at least four upper-case hex digits.
    private static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
