/// Skips everything from an open bracket (`{`, `(` or `[`) past its partner, checking every token on
/// the way with the lexer's rules (strings and numbers are read by `Lexer` itself) and that brackets
/// pair; the inner loop of the byte scans behind `DefinitionIndex` and `FieldIndex`.
///
/// One pass over the bytes with a class per byte: white space and one-byte punctuators are stepped
/// over, names are skipped eight bytes at a time, and only brackets, line ends, strings, numbers
/// and comments need more.
enum BracketSkipper {
    /// Deeper nesting is refused (the parser refuses much less deep nesting of values, list types
    /// and selection sets anyway).
    static let maxDepth = 1024

    /// What a byte means to the scan.
    private enum ByteClass: UInt8 {
        case invalid = 0
        /// White space (but line ends), `,` and the punctuators `! $ & : = @ |`.
        case plain
        case nameStart
        case newline
        case open
        case close
        /// `"`, `-` and digits: a string or number, read by the lexer.
        case lexed
        /// `#`, carriage return, a possible byte order mark (0xEF), `.`: rare, handled one by one.
        case other
    }

    private static let classes: [ByteClass] = (0..<256).map { value in
        let c = UInt8(value)
        switch c {
        case Ascii.space, Ascii.tab, Ascii.comma, Ascii.bang, Ascii.dollar, Ascii.ampersand, Ascii.colon,
            Ascii.equals, Ascii.at, Ascii.pipe:
            return .plain
        case Ascii.newline: return .newline
        case Ascii.braceL, Ascii.parenL, Ascii.bracketL: return .open
        case Ascii.braceR, Ascii.parenR, Ascii.bracketR: return .close
        case Ascii.quote, Ascii.minus, Ascii.zero...Ascii.nine: return .lexed
        case Ascii.hash, Ascii.carriageReturn, 0xEF, Ascii.dot: return .other
        default: return Ascii.isNameStart(c) ? .nameStart : .invalid
        }
    }

    /// Moves `position` (at an open bracket) past its partner, counting lines; false on a lexical
    /// error, a bracket that does not pair, the end of input, or nesting deeper than `maxDepth`.
    /// `lexer` (over the same bytes) reads strings and numbers; `stack` is room for the open
    /// brackets (`maxDepth` bytes, made by `makeStack`, kept by the caller for the next call).
    static func skip(
        _ buffer: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ line: inout Int, _ lineStart: inout Int,
        lexer: inout Lexer, stack: inout [UInt8]
    ) -> Bool {
        stack.withUnsafeMutableBufferPointer { stack in
            classes.withUnsafeBufferPointer { classes in
                skip(buffer, &position, &line, &lineStart, lexer: &lexer, stack: stack, classes: classes)
            }
        }
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The quiet lanes of eight bytes (first byte in the low bits), each flagged by its high bit:
    /// name characters (but a digit that starts a token: a number), white space, line ends, `,`,
    /// `:`, `!` and `@`; and the line-end lanes among them. `inName` flags (in lane 0) that the byte
    /// before the word is a name character, and on return that the word's last byte is one.
    @inline(__always)
    private static func quietLanes(_ word: UInt64, inName: inout UInt64) -> (quiet: UInt64, newlines: UInt64) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let ascii = ~word & highBits
        let x = word & ~highBits
        // Exact per lane, as every lane of `x` is below 0x80 (no carries between lanes).
        @inline(__always) func equal(_ k: UInt64) -> UInt64 {
            let t = x ^ (ones &* k)
            return ~((t &+ ones &* 0x7F) | t) & highBits
        }
        @inline(__always) func inRange(_ v: UInt64, _ lo: UInt64, _ hi: UInt64) -> UInt64 {
            (v &+ ones &* (0x80 - lo)) & ~(v &+ ones &* (0x7F - hi)) & highBits
        }
        let digit = inRange(x, 0x30, 0x39)
        let name = (inRange(x | ones &* 0x20, 0x61, 0x7A) | digit | equal(0x5F)) & ascii
        let startsNumber = digit & ~(name << 8 | inName)
        inName = name >> 56
        let newline = equal(0x0A) & ascii
        let punctuator = (inRange(x, 0x20, 0x21) | equal(0x2C) | equal(0x3A) | equal(0x40)) & ascii
        return ((name | punctuator | newline) & ~startsNumber, newline)
    }

    /// Room for the open brackets of `skip`.
    static func makeStack() -> [UInt8] {
        Array(repeating: 0, count: maxDepth)
    }

    private static func skip(
        _ buffer: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ line: inout Int, _ lineStart: inout Int,
        lexer: inout Lexer, stack: UnsafeMutableBufferPointer<UInt8>, classes: UnsafeBufferPointer<ByteClass>
    ) -> Bool {
        let count = buffer.count
        var p = position
        var currentLine = line
        var currentLineStart = lineStart
        defer {
            position = p
            line = currentLine
            lineStart = currentLineStart
        }
        var depth = 0
        let base = UnsafeRawPointer(buffer.baseAddress!)
        while p < count {
            // Quiet runs (white space, line ends, `,` `:` `!` `@` and names) eight bytes at a time,
            // up to the next byte that needs a look of its own. `p` is never inside a name here.
            var inName: UInt64 = 0
            while p + 8 <= count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self))
                let lanes = quietLanes(word, inName: &inName)
                let stop = ~lanes.quiet & highBits
                let length = stop == 0 ? 8 : stop.trailingZeroBitCount >> 3
                let newlines = length == 8 ? lanes.newlines : lanes.newlines & ((1 << UInt64(length * 8)) - 1)
                if newlines != 0 {
                    currentLine += newlines.nonzeroBitCount
                    currentLineStart = p + (63 - newlines.leadingZeroBitCount) >> 3 + 1
                }
                p += length
                if length < 8 {
                    inName = 0
                    break
                }
            }
            if inName != 0 {
                // The last few bytes of the input may go on with a name.
                while p < count, Ascii.isNameContinue(buffer[p]) { p += 1 }
            }
            guard p < count else { return false }
            let c = buffer[p]
            switch classes[Int(c)] {
            case .plain:
                p += 1
            case .nameStart:
                p = IgnoredTokens.nameEnd(buffer, from: p)
            case .newline:
                p += 1
                currentLine += 1
                currentLineStart = p
            case .open:
                guard depth < stack.count else { return false }
                stack[depth] = c
                depth += 1
                p += 1
            case .close:
                // `(`/`)` differ by one, `[`/`]` and `{`/`}` by two.
                guard depth > 0, c &- stack[depth - 1] == (c == Ascii.parenR ? 1 : 2) else { return false }
                depth -= 1
                p += 1
                if depth == 0 { return true }
            case .lexed:
                lexer.reset(to: p, line: currentLine, lineStart: currentLineStart)
                guard let token = try? lexer.next() else { return false }
                p = token.end
                currentLine = lexer.line
                currentLineStart = lexer.lineStart
            case .other:
                if c == Ascii.dot {
                    guard p + 2 < count, buffer[p + 1] == Ascii.dot, buffer[p + 2] == Ascii.dot else { return false }
                    p += 3
                } else {
                    let start = p
                    guard IgnoredTokens.skip(buffer, &p, &currentLine, &currentLineStart) == nil, p > start else {
                        return false
                    }
                }
            case .invalid:
                return false
            }
        }
        return false
    }
}
