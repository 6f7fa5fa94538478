/// ASCII byte constants and classifications used by the lexer.
enum Ascii {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let bang: UInt8 = 0x21
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let dollar: UInt8 = 0x24
    static let ampersand: UInt8 = 0x26
    static let parenL: UInt8 = 0x28
    static let parenR: UInt8 = 0x29
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let equals: UInt8 = 0x3D
    static let at: UInt8 = 0x40
    static let upperE: UInt8 = 0x45
    static let bracketL: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let bracketR: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F
    static let lowerB: UInt8 = 0x62
    static let lowerE: UInt8 = 0x65
    static let lowerF: UInt8 = 0x66
    static let lowerN: UInt8 = 0x6E
    static let lowerR: UInt8 = 0x72
    static let lowerT: UInt8 = 0x74
    static let lowerU: UInt8 = 0x75
    static let braceL: UInt8 = 0x7B
    static let pipe: UInt8 = 0x7C
    static let braceR: UInt8 = 0x7D

    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool {
        c &- zero < 10
    }

    /// NameStart :: Letter | `_`
    @inline(__always)
    static func isNameStart(_ c: UInt8) -> Bool {
        (c | 0x20) &- 0x61 < 26 || c == underscore
    }

    /// NameContinue :: Letter | Digit | `_`
    @inline(__always)
    static func isNameContinue(_ c: UInt8) -> Bool {
        // One bit per ASCII byte: digits in the low word, letters and `_` in the high one.
        let bits: UInt64 = c < 64 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_87FF_FFFE
        return c < 128 && (bits >> UInt64(c & 63)) & 1 != 0
    }

    /// How many of the eight bytes of `word` (first byte in the low bits), from the first on, are
    /// NameContinue characters. Works on all eight lanes at once; bytes of 0x80 and up never match.
    @inline(__always)
    static func leadingNameBytes(_ word: UInt64) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let x = word & ~high
        // A lane's high bit is set when the (7-bit) lane is >= lo, and when it is > hi.
        func inRange(_ x: UInt64, _ lo: UInt64, _ hi: UInt64) -> UInt64 {
            let atLeast = x &+ ones &* (0x80 - lo)
            let above = x &+ ones &* (0x7F - hi)
            return atLeast & ~above & high
        }
        let letter = inRange(x | ones &* 0x20, 0x61, 0x7A)
        let digit = inRange(x, 0x30, 0x39)
        let underscore = ~((x ^ ones &* 0x5F) &+ ones &* 0x7F) & high
        let name = (letter | digit | underscore) & ~word & high
        let notName = ~name & high
        return notName == 0 ? 8 : notName.trailingZeroBitCount / 8
    }

    /// The value of a hexadecimal digit, or nil.
    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }

    /// `\u0007` for a control byte, as written in messages.
    static func escapedControl(_ c: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\u00\(digits[Int(c >> 4)])\(digits[Int(c & 0xF)])"
    }
}
