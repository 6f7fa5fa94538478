/// Decoding and encoding of single Unicode scalars in UTF-8 byte buffers.
enum UTF8Scalar {
    /// Decodes the scalar starting at `offset`; nil when the bytes there are not valid UTF-8
    /// (bad lead or continuation byte, truncated, overlong, surrogate, or above U+10FFFF).
    static func decode<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, at offset: Int
    ) -> (Unicode.Scalar, Int)? where Bytes.Index == Int {
        let count = bytes.count
        let b0 = bytes[offset]
        if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
        let length: Int
        var value: UInt32
        switch b0 {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(b0 & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(b0 & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(b0 & 0x07)
        default: return nil
        }
        guard offset + length <= count else { return nil }
        for i in 1..<length {
            let b = bytes[offset + i]
            guard b & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(b & 0x3F)
        }
        if length == 3 && value < 0x800 { return nil }
        if length == 4 && (value < 0x10000 || value > 0x10FFFF) { return nil }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// Appends the UTF-8 encoding of `scalar`.
    static func append(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
        let v = scalar.value
        switch v {
        case 0..<0x80:
            buffer.append(UInt8(v))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | v >> 6))
            buffer.append(UInt8(0x80 | v & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | v >> 12))
            buffer.append(UInt8(0x80 | v >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | v & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | v >> 18))
            buffer.append(UInt8(0x80 | v >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | v >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | v & 0x3F))
        }
    }
}
