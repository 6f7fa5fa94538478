import GQLPatchSupport

/// argv as the kernel gives it (bytes) turned into `String`s. An argument that is not UTF-8 is refused
/// (exit 64) rather than repaired: Swift's `String(cString:)` would turn `$'\xfe'` into U+FFFD, and
/// `--id $'\xfe'` would then name the record whose key is "\u{FFFD}".
public enum ProcessArguments {
    /// Options whose value may be a secret: a value of theirs is never shown, even escaped.
    package static let secretOptions = [OptionName.apiKey, OptionName.token, OptionName.header, OptionName.endpoint]

    /// The arguments (without the program name) as text; position 1 is the first argument.
    public static func decode(_ raw: [[UInt8]]) throws(GQLPatchError) -> [String] {
        var arguments: [String] = []
        arguments.reserveCapacity(raw.count)
        for (index, bytes) in raw.enumerated() {
            if let text = String(validating: bytes, as: UTF8.self) {
                arguments.append(text)
                continue
            }
            let position = "argument \(index + 1) is not valid UTF-8"
            let previous = index > 0 ? String(decoding: raw[index - 1], as: UTF8.self) : ""
            if let option = secretOptions.first(where: { previous == $0 || bytes.starts(with: Array(($0 + "=").utf8)) })
            {
                throw .usage("\(position) (the value of \(option), not shown)")
            }
            throw .usage("\(position): \(escaped(bytes))")
        }
        return arguments
    }

    /// The bytes in double quotes, safe to print: valid UTF-8 as itself, except `"` and `\` (escaped with
    /// a backslash), control and invisible format characters (`\u{202E}`, `\x1B`); every byte that is not
    /// UTF-8 as `\xFF`. At most `limit` characters are shown.
    package static func escaped(_ bytes: [UInt8], limit: Int = 200) -> String {
        var shown = ""
        var count = 0
        var offset = 0
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        func hex(_ value: UInt32, width: Int) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        decoding: while count < limit {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
                let scalar = Unicode.UTF8.decode(encoded)
                switch scalar.value {
                case 0x22: shown += "\\\""
                case 0x5C: shown += "\\\\"
                case 0x00..<0x20, 0x7F: shown += "\\x" + hex(scalar.value, width: 2)
                case 0x80..<0xA0, 0x200B...0x200F, 0x2028...0x202E, 0x2066...0x2069, 0xFEFF:
                    shown += "\\u{" + hex(scalar.value, width: 4) + "}"
                default: shown.unicodeScalars.append(scalar)
                }
            case .error(let length):
                for byte in bytes[offset..<offset + length] { shown += "\\x" + hex(UInt32(byte), width: 2) }
                offset += length
            case .emptyInput:
                break decoding
            }
            count += 1
        }
        return "\"" + shown + (offset < bytes.count ? "...\"" : "\"")
    }
}
