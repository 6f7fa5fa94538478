/// Standard base64 with padding, encoding only: the handshake's key and its expected answer are the
/// two places it is needed. (CognitoSRP has one, but this target stands beside it, not above it.)
enum Base64 {
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64, four characters for every three bytes, the last group padded with `=`.
    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var start = 0
        while start < bytes.count {
            let count = min(3, bytes.count - start)
            var group: UInt32 = 0
            for offset in 0..<count { group |= UInt32(bytes[start + offset]) << UInt32(16 - 8 * offset) }
            for index in 0..<4 {
                out.append(index <= count ? alphabet[Int(group >> UInt32(18 - 6 * index) & 0x3F)] : UInt8(ascii: "="))
            }
            start += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
