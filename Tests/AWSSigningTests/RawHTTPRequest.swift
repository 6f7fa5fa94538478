import AWSSigning

/// A raw HTTP/1.1 request from the SigV4 suites, parsed byte for byte: the request line split at
/// its first and last space, `Name:value` headers with indented continuation lines appended to the
/// previous value after a line feed, and the body (exact bytes) after the first blank line.
struct RawHTTPRequest {
    var method: String
    var target: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    init(parsing bytes: [UInt8]) throws {
        let newline = UInt8(ascii: "\n")
        var lines: [ArraySlice<UInt8>] = []
        var bodyStart: Int?
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == newline {
                let line = bytes[lineStart..<index]
                if line.isEmpty {
                    bodyStart = index + 1
                    break
                }
                lines.append(line)
                lineStart = index + 1
            }
            index += 1
        }
        if bodyStart == nil, lineStart < bytes.count {
            lines.append(bytes[lineStart...])
        }
        body = bodyStart.map { Array(bytes[$0...]) } ?? []

        guard let requestLine = lines.first,
            let firstSpace = requestLine.firstIndex(of: UInt8(ascii: " ")),
            let lastSpace = requestLine.lastIndex(of: UInt8(ascii: " ")),
            firstSpace < lastSpace
        else {
            throw FixtureError(message: "no request line")
        }
        method = String(decoding: requestLine[..<firstSpace], as: UTF8.self)
        target = String(decoding: requestLine[(firstSpace + 1)..<lastSpace], as: UTF8.self)

        headers = []
        for line in lines.dropFirst() {
            if line.first == UInt8(ascii: " ") || line.first == UInt8(ascii: "\t") {
                guard !headers.isEmpty else { throw FixtureError(message: "continuation line before any header") }
                headers[headers.count - 1].value += "\n" + String(decoding: line, as: UTF8.self)
                continue
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                throw FixtureError(message: "header line without a colon")
            }
            headers.append(
                (
                    String(decoding: line[..<colon], as: UTF8.self),
                    String(decoding: line[(colon + 1)...], as: UTF8.self)
                ))
        }
    }

    /// The request in the signer's terms: the target split at its first `?`.
    var signingRequest: SigningRequest {
        let path: Substring
        let query: Substring
        if let mark = target.firstIndex(of: "?") {
            path = target[..<mark]
            query = target[target.index(after: mark)...]
        } else {
            path = target[...]
            query = ""
        }
        return SigningRequest(method: method, path: String(path), query: String(query), headers: headers, body: body)
    }
}
