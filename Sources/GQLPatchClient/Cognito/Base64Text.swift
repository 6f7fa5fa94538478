/// Standard base64 (RFC 4648, with padding), for `SECRET_HASH`.
package enum Base64Text {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    package static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index < input.count {
            let count = min(3, input.count - index)
            var chunk: UInt32 = 0
            for offset in 0..<3 { chunk = chunk << 8 | UInt32(offset < count ? input[index + offset] : 0) }
            for position in 0..<4 {
                if position <= count {
                    output.append(alphabet[Int((chunk >> UInt32(18 - 6 * position)) & 0x3F)])
                } else {
                    output.append(UInt8(ascii: "="))
                }
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
