/// Splits GraphQL source bytes (UTF-8) into tokens, one `next()` call at a time.
///
/// Whitespace, line terminators, commas, comments and byte order marks are skipped.
/// Every token records its 1-based line, 1-based byte column and 0-based byte offset.
struct Lexer: Sendable {
    let bytes: [UInt8]
    let file: String
    /// Offset of the next byte to read.
    private(set) var position: Int = 0
    /// Current line number (1-based) and the offset where it starts.
    private(set) var line: Int = 1
    private(set) var lineStart: Int = 0
    /// The distinct names seen so far.
    var names = NameTable()
    /// The value of the last string or block string token read.
    private(set) var stringValue = ""

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Moves to `offset`, which lies on line `line` starting at offset `lineStart`, so that the next
    /// token is read from there with the same locations a whole-document read gives it.
    mutating func reset(to offset: Int, line: Int, lineStart: Int) {
        position = offset
        self.line = line
        self.lineStart = lineStart
    }

    /// Reads the next token; at the end of input returns `<EOF>` tokens for ever.
    mutating func next() throws(SyntaxError) -> Token {
        try skipIgnored()
        let start = position
        let location = self.location(at: start)
        guard start < bytes.count else {
            return Token(kind: .eof, location: location, end: start)
        }
        let kind: Token.Kind
        switch bytes[start] {
        case Ascii.bang: kind = .bang
        case Ascii.dollar: kind = .dollar
        case Ascii.ampersand: kind = .ampersand
        case Ascii.parenL: kind = .parenL
        case Ascii.parenR: kind = .parenR
        case Ascii.colon: kind = .colon
        case Ascii.equals: kind = .equals
        case Ascii.at: kind = .at
        case Ascii.bracketL: kind = .bracketL
        case Ascii.bracketR: kind = .bracketR
        case Ascii.braceL: kind = .braceL
        case Ascii.pipe: kind = .pipe
        case Ascii.braceR: kind = .braceR
        case Ascii.dot:
            guard byte(at: start + 1) == Ascii.dot, byte(at: start + 2) == Ascii.dot else {
                throw error("unexpected character \".\"", at: start)
            }
            position = start + 3
            return Token(kind: .spread, location: location, end: position)
        case Ascii.quote:
            if byte(at: start + 1) == Ascii.quote, byte(at: start + 2) == Ascii.quote {
                return try readBlockString(location: location)
            }
            return try readString(location: location)
        case Ascii.minus, Ascii.zero...Ascii.nine:
            return try readNumber(location: location)
        case let c where Ascii.isNameStart(c):
            return readName(location: location)
        default:
            throw try unexpectedCharacter(at: start)
        }
        position = start + 1
        return Token(kind: kind, location: location, end: position)
    }

    /// The text of `token`: the name, the number as written, or the string value after escapes and
    /// block-string indentation are processed; empty for punctuators and `<EOF>`. For a string,
    /// `token` must be the last token read.
    func value(of token: Token) -> String {
        switch token.kind {
        case .name: return names[token.nameIndex]
        case .int, .float: return String(decoding: bytes[token.location.offset..<token.end], as: UTF8.self)
        case .string, .blockString: return stringValue
        default: return ""
        }
    }

    /// How `token` is written in `found Y` messages: `"}"`, `Name "foo"`, `<EOF>` (see `value(of:)`).
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .eof: return token.kind.rawValue
        case .name, .int, .float, .string, .blockString: return "\(token.kind.rawValue) \"\(value(of: token))\""
        default: return "\"\(token.kind.rawValue)\""
        }
    }

    /// The location of `offset`, which must lie on the current line.
    func location(at offset: Int) -> SourceLocation {
        SourceLocation(line: line, column: offset - lineStart + 1, offset: offset)
    }

    /// A syntax error at `offset` (on the current line).
    func error(_ message: String, at offset: Int) -> SyntaxError {
        SyntaxError(file: file, location: location(at: offset), message: message)
    }

    /// The byte at `offset`, or 0 past the end of input.
    @inline(__always)
    func byte(at offset: Int) -> UInt8 {
        offset < bytes.count ? bytes[offset] : 0
    }

    // MARK: - Ignored tokens

    /// Ignored :: UnicodeBOM | WhiteSpace | LineTerminator | Comment | Comma
    private mutating func skipIgnored() throws(SyntaxError) {
        var p = position
        var line = self.line
        var lineStart = self.lineStart
        let invalidUTF8 = bytes.withUnsafeBufferPointer { IgnoredTokens.skip($0, &p, &line, &lineStart) }
        position = p
        self.line = line
        self.lineStart = lineStart
        if let invalidUTF8 { throw error("invalid UTF-8", at: invalidUTF8) }
    }

    // MARK: - Names

    /// Name :: NameStart NameContinue*
    ///
    /// Scans eight bytes at a time where it can, hashing the name's words on the way for `NameTable`.
    private mutating func readName(location: SourceLocation) -> Token {
        let start = position
        var end = start
        var hash = NameTable.hashSeed
        bytes.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            // `buffer` holds at least the name's first byte.
            let base = UnsafeRawPointer(bytes.baseAddress!)
            var p = start
            while p + 8 <= count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self))
                let nameBytes = Ascii.leadingNameBytes(word)
                if nameBytes == 8 {
                    hash = NameTable.hash(hash, word)
                    p += 8
                    continue
                }
                if nameBytes > 0 { hash = NameTable.hash(hash, word & ((1 << UInt64(nameBytes * 8)) - 1)) }
                end = p + nameBytes
                return
            }
            // The last few bytes of the input, one at a time (same words as above, zero-padded).
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while p < count, Ascii.isNameContinue(bytes[p]) {
                word |= UInt64(bytes[p]) << shift
                shift += 8
                p += 1
                if shift == 64 {
                    hash = NameTable.hash(hash, word)
                    word = 0
                    shift = 0
                }
            }
            if shift > 0 { hash = NameTable.hash(hash, word) }
            end = p
        }
        position = end
        let index = names.intern(bytes, start, end, hash: hash)
        return Token(kind: .name, location: location, end: end, nameIndex: index)
    }

    // MARK: - Numbers

    /// IntValue :: IntegerPart
    /// FloatValue :: IntegerPart FractionalPart ExponentPart? | IntegerPart ExponentPart
    /// IntegerPart :: `-`? `0` | `-`? NonZeroDigit Digit*
    private mutating func readNumber(location: SourceLocation) throws(SyntaxError) -> Token {
        let start = position
        var p = start
        var isFloat = false
        if bytes[p] == Ascii.minus { p += 1 }
        if byte(at: p) == Ascii.zero {
            p += 1
            if Ascii.isDigit(byte(at: p)) {
                throw error(
                    "invalid number, unexpected digit after 0: \"\(Character(Unicode.Scalar(bytes[p])))\"", at: p)
            }
        } else {
            p = try readDigits(from: p)
        }
        if byte(at: p) == Ascii.dot {
            isFloat = true
            p = try readDigits(from: p + 1)
        }
        let e = byte(at: p)
        if e == Ascii.lowerE || e == Ascii.upperE {
            isFloat = true
            p += 1
            let sign = byte(at: p)
            if sign == Ascii.plus || sign == Ascii.minus { p += 1 }
            p = try readDigits(from: p)
        }
        let next = byte(at: p)
        if p < bytes.count, next == Ascii.dot || Ascii.isNameStart(next) {
            throw error("invalid number, expected digit but got \(try characterDescription(at: p))", at: p)
        }
        position = p
        return Token(kind: isFloat ? .float : .int, location: location, end: p)
    }

    /// Digit+ starting at `offset`; returns the offset after the last digit.
    private func readDigits(from offset: Int) throws(SyntaxError) -> Int {
        guard offset < bytes.count, Ascii.isDigit(bytes[offset]) else {
            throw error("invalid number, expected digit but got \(try characterDescription(at: offset))", at: offset)
        }
        var p = offset + 1
        while p < bytes.count, Ascii.isDigit(bytes[p]) { p += 1 }
        return p
    }

    // MARK: - Strings

    /// StringValue :: `"` StringCharacter* `"`
    /// StringCharacter :: SourceCharacter but not `"` or `\` or LineTerminator | `\u` EscapedUnicode
    ///   | `\` EscapedCharacter
    private mutating func readString(location: SourceLocation) throws(SyntaxError) -> Token {
        let start = position
        var p = start + 1
        var chunkStart = p
        var buffer: [UInt8] = []
        var hasEscapes = false
        let count = bytes.count
        while true {
            guard p < count else { throw SyntaxError(file: file, location: location, message: "unterminated string") }
            let c = bytes[p]
            if c == Ascii.quote {
                if hasEscapes {
                    buffer.append(contentsOf: bytes[chunkStart..<p])
                    stringValue = String(decoding: buffer, as: UTF8.self)
                } else {
                    stringValue = String(decoding: bytes[chunkStart..<p], as: UTF8.self)
                }
                position = p + 1
                return Token(kind: .string, location: location, end: position)
            }
            if c == Ascii.backslash {
                if !hasEscapes {
                    hasEscapes = true
                    buffer.reserveCapacity(p - chunkStart + 16)
                }
                buffer.append(contentsOf: bytes[chunkStart..<p])
                p = try readEscape(at: p, into: &buffer, stringLocation: location)
                chunkStart = p
                continue
            }
            if c == Ascii.newline || c == Ascii.carriageReturn {
                throw SyntaxError(file: file, location: location, message: "unterminated string")
            }
            p = try skipSourceCharacter(at: p)
        }
    }

    /// Checks the source character at `offset` (inside a string) and returns the offset after it.
    /// Control characters other than tab, and invalid UTF-8, are errors.
    @inline(__always)
    private func skipSourceCharacter(at offset: Int) throws(SyntaxError) -> Int {
        let c = bytes[offset]
        if c >= 0x20 && c < 0x80 { return offset + 1 }
        if c < 0x80 {
            if c == Ascii.tab { return offset + 1 }
            throw error("invalid character within string: \"\(Ascii.escapedControl(c))\"", at: offset)
        }
        guard let (_, length) = UTF8Scalar.decode(bytes, at: offset) else {
            throw error("invalid UTF-8", at: offset)
        }
        return offset + length
    }

    /// Reads the escape sequence whose backslash is at `offset`, appends its UTF-8 to `buffer`
    /// and returns the offset after it.
    private func readEscape(
        at offset: Int, into buffer: inout [UInt8], stringLocation: SourceLocation
    ) throws(SyntaxError) -> Int {
        guard offset + 1 < bytes.count else {
            throw SyntaxError(file: file, location: stringLocation, message: "unterminated string")
        }
        let c = bytes[offset + 1]
        switch c {
        case Ascii.quote, Ascii.backslash, Ascii.slash: buffer.append(c)
        case Ascii.lowerB: buffer.append(0x08)
        case Ascii.lowerF: buffer.append(0x0C)
        case Ascii.lowerN: buffer.append(Ascii.newline)
        case Ascii.lowerR: buffer.append(Ascii.carriageReturn)
        case Ascii.lowerT: buffer.append(Ascii.tab)
        case Ascii.lowerU:
            return try readUnicodeEscape(at: offset, into: &buffer)
        default:
            if c == Ascii.newline || c == Ascii.carriageReturn {
                throw SyntaxError(file: file, location: stringLocation, message: "unterminated string")
            }
            throw error("invalid character escape sequence: \\\(try characterText(at: offset + 1))", at: offset)
        }
        return offset + 2
    }

    /// `\uXXXX` (with surrogate pairs) or `\u{X...}`, backslash at `offset`.
    private func readUnicodeEscape(at offset: Int, into buffer: inout [UInt8]) throws(SyntaxError) -> Int {
        if byte(at: offset + 2) == Ascii.braceL {
            var p = offset + 3
            var value: UInt32 = 0
            var digits = 0
            while let digit = Ascii.hexValue(byte(at: p)) {
                value = value << 4 | UInt32(digit)
                digits += 1
                p += 1
                if value > 0x10FFFF { break }
            }
            guard digits > 0, byte(at: p) == Ascii.braceR, let scalar = Unicode.Scalar(value) else {
                throw invalidUnicodeEscape(from: offset, to: min(p + 1, bytes.count))
            }
            UTF8Scalar.append(scalar, to: &buffer)
            return p + 1
        }
        guard let unit = hex4(at: offset + 2) else {
            throw invalidUnicodeEscape(from: offset, to: min(offset + 6, bytes.count))
        }
        if let scalar = Unicode.Scalar(unit) {
            UTF8Scalar.append(scalar, to: &buffer)
            return offset + 6
        }
        // A surrogate: only a high surrogate followed by `\u` and a low surrogate is valid.
        if unit >= 0xD800, unit <= 0xDBFF, byte(at: offset + 6) == Ascii.backslash,
            byte(at: offset + 7) == Ascii.lowerU, let low = hex4(at: offset + 8), low >= 0xDC00, low <= 0xDFFF,
            let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        {
            UTF8Scalar.append(scalar, to: &buffer)
            return offset + 12
        }
        throw invalidUnicodeEscape(from: offset, to: offset + 6)
    }

    /// Four hex digits at `offset` as a number.
    private func hex4(at offset: Int) -> UInt32? {
        var value: UInt32 = 0
        for p in offset..<(offset + 4) {
            guard let digit = Ascii.hexValue(byte(at: p)) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func invalidUnicodeEscape(from start: Int, to end: Int) -> SyntaxError {
        var text = ""
        var p = start
        while p < end, p < bytes.count {
            let c = bytes[p]
            if c < 0x20 || c == Ascii.quote || c >= 0x80 { break }
            text.unicodeScalars.append(Unicode.Scalar(c))
            p += 1
        }
        return error("invalid Unicode escape sequence: \(text)", at: start)
    }

    /// BlockString :: `"""` BlockStringCharacter* `"""`
    /// BlockStringCharacter :: SourceCharacter but not `"""` or `\"""` | `\"""`
    private mutating func readBlockString(location: SourceLocation) throws(SyntaxError) -> Token {
        var p = position + 3
        var chunkStart = p
        var raw: [UInt8] = []
        let count = bytes.count
        while true {
            guard p < count else { throw SyntaxError(file: file, location: location, message: "unterminated string") }
            let c = bytes[p]
            if c == Ascii.quote, byte(at: p + 1) == Ascii.quote, byte(at: p + 2) == Ascii.quote {
                raw.append(contentsOf: bytes[chunkStart..<p])
                position = p + 3
                stringValue = BlockString.value(ofRawLines: raw)
                return Token(kind: .blockString, location: location, end: position)
            }
            if c == Ascii.backslash, byte(at: p + 1) == Ascii.quote, byte(at: p + 2) == Ascii.quote,
                byte(at: p + 3) == Ascii.quote
            {
                raw.append(contentsOf: bytes[chunkStart..<p])
                raw.append(contentsOf: [Ascii.quote, Ascii.quote, Ascii.quote])
                p += 4
                chunkStart = p
                continue
            }
            if c == Ascii.newline {
                p += 1
                line += 1
                lineStart = p
                continue
            }
            if c == Ascii.carriageReturn {
                p += 1
                if byte(at: p) == Ascii.newline { p += 1 }
                line += 1
                lineStart = p
                continue
            }
            p = try skipSourceCharacter(at: p)
        }
    }

    // MARK: - Character descriptions

    /// The source character at `offset` as text (`q`, `é`, `\u0007`); throws on invalid UTF-8.
    private func characterText(at offset: Int) throws(SyntaxError) -> String {
        let c = bytes[offset]
        if c < 0x20 || c == 0x7F { return Ascii.escapedControl(c) }
        if c < 0x80 { return String(Unicode.Scalar(c)) }
        guard let (scalar, _) = UTF8Scalar.decode(bytes, at: offset) else {
            throw error("invalid UTF-8", at: offset)
        }
        return String(scalar)
    }

    /// The character at `offset` quoted for a message (`"x"`), or `<EOF>` past the end.
    private func characterDescription(at offset: Int) throws(SyntaxError) -> String {
        guard offset < bytes.count else { return "<EOF>" }
        return "\"\(try characterText(at: offset))\""
    }

    /// The error for a character that cannot start a token.
    private func unexpectedCharacter(at offset: Int) throws(SyntaxError) -> SyntaxError {
        error("unexpected character \(try characterDescription(at: offset))", at: offset)
    }
}
