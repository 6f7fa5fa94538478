/// Ignored :: UnicodeBOM | WhiteSpace | LineTerminator | Comment | Comma
///
/// The one implementation of skipping ignored tokens, shared by `Lexer` and the byte scans behind
/// `DefinitionIndex` and `FieldIndex`.
enum IgnoredTokens {
    /// Moves `position` past the ignored tokens there, counting lines (`line` is 1-based,
    /// `lineStart` the offset where it starts). Returns the offset of invalid UTF-8 inside a comment
    /// (where it stops), or nil.
    @inline(__always)
    static func skip(
        _ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ line: inout Int, _ lineStart: inout Int
    ) -> Int? {
        var p = position
        defer { position = p }
        let count = bytes.count
        while p < count {
            switch bytes[p] {
            case Ascii.space, Ascii.tab, Ascii.comma:
                p += 1
            case Ascii.newline:
                p += 1
                line += 1
                lineStart = p
            case Ascii.carriageReturn:
                p += 1
                if p < count, bytes[p] == Ascii.newline { p += 1 }
                line += 1
                lineStart = p
            case Ascii.hash:
                p += 1
                while p < count {
                    let c = bytes[p]
                    if c == Ascii.newline || c == Ascii.carriageReturn { break }
                    if c < 0x80 {
                        p += 1
                    } else {
                        guard let (_, length) = UTF8Scalar.decode(bytes, at: p) else { return p }
                        p += length
                    }
                }
            case 0xEF where p + 2 < count && bytes[p + 1] == 0xBB && bytes[p + 2] == 0xBF:
                p += 3
            default:
                return nil
            }
        }
        return nil
    }

    /// The offset just past the name whose first byte is at `offset`, eight bytes at a time where it can.
    @inline(__always)
    static func nameEnd(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
        let count = bytes.count
        let base = UnsafeRawPointer(bytes.baseAddress!)
        var p = offset + 1
        while p + 8 <= count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self))
            let nameBytes = Ascii.leadingNameBytes(word)
            p += nameBytes
            if nameBytes < 8 { return p }
        }
        while p < count, Ascii.isNameContinue(bytes[p]) { p += 1 }
        return p
    }
}
