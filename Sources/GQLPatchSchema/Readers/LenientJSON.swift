/// The JSON the Amplify CLI accepts in its project files (`transform.conf.json`, `amplify/cli.json`): it
/// strips a comma that comes right before `}` or `]` (`{ "Version": 5, }`) before parsing, so gqlpatch
/// does the same for those files only; every other JSON it reads stays strict.
package enum LenientJSON {
    /// `bytes` with each trailing comma (one after a value and before, past white space, `}` or `]`)
    /// outside strings replaced by a space, so line and column numbers of later errors stay where they
    /// were. A comma that follows no value (`"a": ,}`) is left for the parser to report where it is.
    package static func withoutTrailingCommas(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        var inString = false
        var escaped = false
        var pendingComma: Int?
        var previous: UInt8 = 0
        for (offset, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let comma = pendingComma { result[comma] = UInt8(ascii: " ") }
            case UInt8(ascii: "\""):
                inString = true
            default:
                break
            }
            let followsValue = ![UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "{"), 0]
                .contains(previous)
            pendingComma = byte == UInt8(ascii: ",") && followsValue ? offset : nil
            previous = byte
        }
        return result
    }
}
