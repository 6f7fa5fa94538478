import GQLPatchSupport

/// The header fields of one HTTP response as they arrive line by line (from libcurl or from
/// `DirectTransport`'s own reader): names lower-cased, repeated fields joined with `, `.
package struct HTTPHeaderBlock: Sendable {
    /// Room for a typical answer's headers from the start (growing the table rehashed it twice).
    package private(set) var fields = [String: String](minimumCapacity: 8)
    /// Why the block was refused (see `add`); nil while it is fine.
    package private(set) var malformation: String?

    package init() {}

    /// Takes one header line (`Name: value`, its line end included or not); a line without a colon
    /// is passed over. `false` refuses the response: two `Content-Length`s that differ (RFC 9112 6.3:
    /// the body's end cannot be told, the classic request-smuggling shape); equal ones are one.
    package mutating func add(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return true }
        // Names fold as ASCII, byte by byte: every header of every response passes here, and
        // `String.lowercased()` is Unicode-aware and far slower.
        let name = String(
            unsafeUninitializedCapacity: colon,
            initializingUTF8With: { buffer in
                for index in 0..<colon {
                    let byte = line[index]
                    buffer[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                }
                return colon
            })
        var start = colon + 1
        var end = line.count
        while start < end, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start,
            line[end - 1] == UInt8(ascii: "\r") || line[end - 1] == UInt8(ascii: "\n")
                || line[end - 1] == UInt8(ascii: " ")
        {
            end -= 1
        }
        // A NUL in a field is refused, as curl does: no header of ours may end early when read as C.
        if line.contains(0) {
            malformation = "a header holds a NUL byte"
            return false
        }
        let value = String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
        if name == "content-length" {
            if fields[name] == nil, !value.utf8.contains(UInt8(ascii: ",")) {
                fields[name] = value
                return true
            }
            let given = [fields[name], value].compactMap { $0 }
            let lengths = Set(given.flatMap { $0.split(separator: ",") }.map { String($0).trimmingWhitespace() })
            guard lengths.count == 1 else {
                malformation = "it has conflicting Content-Length headers"
                return false
            }
            fields[name] = lengths.first!
            return true
        }
        if let earlier = fields[name] {
            fields[name] = earlier + ", " + value
        } else {
            fields[name] = value
        }
        return true
    }
}
