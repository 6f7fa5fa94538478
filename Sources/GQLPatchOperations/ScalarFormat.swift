/// Checks the text forms of GraphQL's and AppSync's scalars. Each check returns `nil` when the text is
/// valid, or a short reason (`month 13`) that `ValueTyper` puts in its message.
///
/// The AppSync forms follow the AppSync developer guide ("Scalar types in GraphQL"):
/// - `AWSDate` `YYYY-MM-DD`, `AWSTime` `hh:mm`, `hh:mm:ss` or `hh:mm:ss.s` (1 to 9 fraction digits),
///   each with an optional offset `Z`, `±hh:mm` or `±hh:mm:ss`; `AWSDateTime` is
///   `date` `T` `time` with the offset required. Real calendar dates only (leap years checked),
///   hours `00...23`.
/// - `AWSEmail` `local-part@domain`, `AWSURL` `scheme:` followed by `//host...` or an opaque part
///   (`mailto:a@b.c`), never `//` inside the path; `AWSPhone` digits with spaces, hyphens,
///   parentheses and an optional leading `+`; `AWSIPAddress` IPv4 or IPv6 with an optional `/prefix`.
package enum ScalarFormat {
    /// The reason `text` is not a valid value of the named scalar, or `nil` when it is (or when the
    /// scalar has no text form to check).
    package static func problem(with text: String, asScalar name: String) -> String? {
        switch name {
        case "AWSDate": return dateProblem(text)
        case "AWSTime": return timeProblem(text)
        case "AWSDateTime": return dateTimeProblem(text)
        case "AWSEmail": return emailProblem(text)
        case "AWSURL": return urlProblem(text)
        case "AWSPhone": return phoneProblem(text)
        case "AWSIPAddress": return ipAddressProblem(text)
        default: return nil
        }
    }

    /// True for an optional `-` followed by decimal digits.
    package static func isIntegerLiteral(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        return !bytes.isEmpty && bytes.allSatisfy(isDigit)
    }

    /// A number written the JSON way (`-12`, `3.5`, `1e-3`); `nil` for anything else (`inf`, `0x10`, ` 1`).
    package static func decimal(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            return index - start
        }
        guard digits() > 0 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { return nil }
        }
        guard index == bytes.count else { return nil }
        return Double(text)
    }

    package static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
