extension ScalarFormat {
    private static let emailLocalSpecials = Set("!#$%&'*+/=?^_`{|}~-.".utf8)

    package static func emailProblem(_ text: String) -> String? {
        guard let at = text.utf8.lastIndex(of: UInt8(ascii: "@")) else { return "expected local-part@domain" }
        let local = text.utf8[..<at]
        let domain = text.utf8[text.utf8.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty else { return "expected local-part@domain" }
        for byte in local where !(isAlphanumeric(byte) || emailLocalSpecials.contains(byte)) {
            return "character \(shown(byte)) is not allowed before the @"
        }
        return hostNameProblem(Substring(domain), what: "domain")
    }

    package static func urlProblem(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        for byte in bytes where byte <= 0x20 || byte == 0x7F {
            return byte == 0x20 ? "contains a space" : "contains a control character"
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isAlpha(bytes[0]),
            bytes[1..<colon].allSatisfy({
                isAlphanumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            })
        else { return "expected a scheme such as https: or mailto:" }
        let rest = bytes[(colon + 1)...]
        guard !rest.isEmpty else { return "nothing after the scheme" }
        var path = rest
        if rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            let afterSlashes = rest.dropFirst(2)
            let end =
                afterSlashes.firstIndex {
                    $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
                }
                ?? afterSlashes.endIndex
            var authority = afterSlashes[..<end]
            if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
            var host = authority
            if host.first == UInt8(ascii: "[") {
                guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return "unclosed [ in the host" }
                let after = host[(close + 1)...]
                guard after.isEmpty || after.first == UInt8(ascii: ":") else { return "no host" }
                if let problem = portProblem(after) { return problem }
                host = host[host.startIndex..<close]
            } else if let portColon = host.firstIndex(of: UInt8(ascii: ":")) {
                if let problem = portProblem(host[portColon...]) { return problem }
                host = host[..<portColon]
            }
            guard !host.isEmpty else { return "no host" }
            path = afterSlashes[end...]
        }
        let pathEnd = path.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? path.endIndex
        let pathPart = Array(path[..<pathEnd])
        for index in pathPart.indices.dropLast()
        where pathPart[index] == UInt8(ascii: "/") && pathPart[index + 1] == UInt8(ascii: "/") {
            return "// inside the path"
        }
        return nil
    }

    package static func phoneProblem(_ text: String) -> String? {
        var digits = 0
        for (index, byte) in text.utf8.enumerated() {
            if isDigit(byte) {
                digits += 1
            } else if byte == UInt8(ascii: "+") {
                guard index == 0 else { return "+ is allowed only at the start" }
            } else if !(byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "(")
                || byte == UInt8(ascii: ")"))
            {
                return "character \(shown(byte)) is not allowed"
            }
        }
        return digits >= 3 ? nil : "too few digits"
    }

    package static func ipAddressProblem(_ text: String) -> String? {
        var address = Substring(text)
        var prefix: Substring?
        if let slash = text.firstIndex(of: "/") {
            address = text[..<slash]
            prefix = text[text.index(after: slash)...]
        }
        let isV6 = address.contains(":")
        if isV6 {
            guard isIPv6(address) else { return "not an IPv4 or IPv6 address" }
        } else {
            guard isIPv4(address) else { return "not an IPv4 or IPv6 address" }
        }
        if let prefix {
            let limit = isV6 ? 128 : 32
            guard !prefix.isEmpty, prefix.count <= 3, prefix.utf8.allSatisfy(isDigit), let length = Int(prefix),
                length <= limit
            else { return "prefix length must be 0...\(limit)" }
        }
        return nil
    }

    // MARK: - Pieces

    private static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard (1...3).contains(part.count), part.utf8.allSatisfy(isDigit), let value = Int(part), value <= 255
            else {
                return false
            }
            return part.count == 1 || part.first != "0"
        }
    }

    private static func isIPv6(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        var halves: [Substring] = []
        var start = 0
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: ":") {
                halves.append(Substring(decoding: bytes[start..<index], as: UTF8.self))
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        halves.append(Substring(decoding: bytes[min(start, bytes.count)...], as: UTF8.self))
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (halfIndex, half) in halves.enumerated() {
            if half.isEmpty {
                guard halves.count == 2 else { return false }
                continue
            }
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() {
                let isLast = halfIndex == halves.count - 1 && index == parts.count - 1
                if isLast, part.contains(".") {
                    guard isIPv4(part) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(part.count), part.utf8.allSatisfy(isHexDigit) else { return false }
                    groups += 1
                }
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }

    private static func hostNameProblem(_ host: Substring, what: String) -> String? {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            guard !label.isEmpty else { return "empty label in the \(what)" }
            guard label.utf8.count <= 63 else { return "a \(what) label is longer than 63 characters" }
            for byte in label.utf8 where !(isAlphanumeric(byte) || byte == UInt8(ascii: "-")) {
                return "character \(shown(byte)) is not allowed in the \(what)"
            }
            guard label.first != "-", label.last != "-" else { return "a \(what) label starts or ends with -" }
        }
        return nil
    }

    private static func portProblem(_ portWithColon: ArraySlice<UInt8>) -> String? {
        let port = portWithColon.dropFirst()
        guard port.allSatisfy(isDigit), port.count <= 5 else { return "the port must be a number" }
        return nil
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }

    private static func shown(_ byte: UInt8) -> String {
        byte < 0x80 ? "'\(Character(Unicode.Scalar(byte)))'" : "non-ASCII"
    }
}
