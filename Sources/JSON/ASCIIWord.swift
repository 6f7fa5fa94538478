/// Eight bytes at once, for the JSON reader's and writer's string scans: whether a word holds a
/// byte either must look at one by one (a control byte, `"`, `\`, and for the reader a byte of a
/// multi-byte UTF-8 sequence). A plain word then costs a few instructions instead of a test a byte.
enum ASCIIWord {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether `word` holds a byte below 0x20, a `"` or a `\` (and, with `orNonASCII`, a byte of
    /// 0x80 or more). Exact: the classic has-less and has-zero tests, where a borrow can mark only
    /// bytes after a real one.
    @inline(__always)
    static func needsAttention(_ word: UInt64, orNonASCII: Bool) -> Bool {
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        var found = ((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        if orNonASCII { found |= word }
        return found & highs != 0
    }

    /// Where the first word from `start` that needs attention begins (or the last whole word ends).
    @inline(__always)
    static func skipPlain(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, orNonASCII: Bool) -> Int {
        var index = start
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
            if needsAttention(word, orNonASCII: orNonASCII) { return index }
            index += 8
        }
        return index
    }
}
