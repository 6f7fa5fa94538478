import AWSSigning

/// Reads the few elements gqlpatch needs from an STS Query-protocol XML reply: the
/// `Credentials` of `AssumeRoleResponse` / `AssumeRoleWithWebIdentityResponse`, and the
/// `Error/Code` and `Error/Message` of an `ErrorResponse`. Not a general XML parser.
package enum STSResponse {
    /// The key pair, token and expiry inside `<Credentials>`, or a reason why they are missing.
    package static func credentials(from body: [UInt8]) -> Result<(SigV4Credentials, Int), Problem> {
        let text = String(decoding: body, as: UTF8.self)
        guard let block = element("Credentials", in: Substring(text)) else { return .failure(.missing("Credentials")) }
        var parts: [String: String] = [:]
        for name in ["AccessKeyId", "SecretAccessKey", "SessionToken", "Expiration"] {
            guard let value = element(name, in: block), !value.isEmpty else { return .failure(.missing(name)) }
            parts[name] = unescaped(value)
        }
        guard let expiration = ISO8601Timestamp.secondsSince1970(parts["Expiration"]!) else {
            return .failure(.badExpiration)
        }
        let credentials = SigV4Credentials(
            accessKeyID: parts["AccessKeyId"]!,
            secretAccessKey: parts["SecretAccessKey"]!,
            sessionToken: parts["SessionToken"]!
        )
        return .success((credentials, expiration))
    }

    /// Why an STS reply had no usable credentials.
    package enum Problem: Error, Sendable {
        case missing(String)
        case badExpiration

        package var text: String {
            switch self {
            case .missing(let name): return "the reply has no <\(name)>"
            case .badExpiration: return "the reply's <Expiration> is not an RFC 3339 timestamp"
            }
        }
    }

    /// `Code` and `Message` of an `<Error>` element, when the body has one.
    package static func error(from body: [UInt8]) -> (code: String, message: String?)? {
        let text = String(decoding: body, as: UTF8.self)
        guard let block = element("Error", in: Substring(text)), let code = element("Code", in: block) else {
            return nil
        }
        return (unescaped(code), element("Message", in: block).map(unescaped))
    }

    /// The text between `<name …>` and `</name>` (first occurrence), or `nil`.
    package static func element(_ name: String, in text: Substring) -> Substring? {
        var searchStart = text.startIndex
        while let open = text[searchStart...].firstRange(of: "<" + name) {
            let afterName = open.upperBound
            guard afterName < text.endIndex else { return nil }
            let next = text[afterName]
            if next == ">" || next == " " || next == "\t" || next == "\n" || next == "\r" {
                guard let tagEnd = text[afterName...].firstIndex(of: ">") else { return nil }
                let contentStart = text.index(after: tagEnd)
                if text[text.index(before: tagEnd)] == "/" { return text[contentStart..<contentStart] }
                guard let close = text[contentStart...].firstRange(of: "</" + name + ">") else { return nil }
                return text[contentStart..<close.lowerBound]
            }
            searchStart = afterName
        }
        return nil
    }

    /// Replaces the five predefined XML entities and numeric character references.
    package static func unescaped(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text).trimmingXMLSpace() }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "&", let semicolon = text[index...].firstIndex(of: ";") {
                let entity = text[text.index(after: index)..<semicolon]
                var replacement: String?
                switch entity {
                case "amp": replacement = "&"
                case "lt": replacement = "<"
                case "gt": replacement = ">"
                case "quot": replacement = "\""
                case "apos": replacement = "'"
                default:
                    if entity.hasPrefix("#x") || entity.hasPrefix("#X"),
                        let code = UInt32(entity.dropFirst(2), radix: 16),
                        let scalar = Unicode.Scalar(code)
                    {
                        replacement = String(Character(scalar))
                    } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()),
                        let scalar = Unicode.Scalar(code)
                    {
                        replacement = String(Character(scalar))
                    }
                }
                if let replacement {
                    result += replacement
                    index = text.index(after: semicolon)
                    continue
                }
            }
            result.append(character)
            index = text.index(after: index)
        }
        return result.trimmingXMLSpace()
    }
}

extension String {
    fileprivate func trimmingXMLSpace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\n" || first == "\r" || first == "\t" {
            slice.removeFirst()
        }
        while let last = slice.last, last == " " || last == "\n" || last == "\r" || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
