import GQLPatchSupport

extension HeaderField {
    /// Parses `--header 'Name: value'`; the name must be an HTTP token, the value free of control
    /// bytes (`HeaderCheck`). The message never quotes the value: it may be a secret.
    package static func parse(_ text: String) throws(GQLPatchError) -> HeaderField {
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else {
            throw .usage("--header expects 'Name: value', got no ':'")
        }
        let name = String(text[..<colon]).trimmingWhitespace()
        let value = String(text[text.utf8.index(after: colon)...]).trimmingWhitespace()
        if let problem = HeaderCheck.problem(inName: name) {
            throw .usage("--header expects 'Name: value' with an HTTP token as the name; the name holds \(problem)")
        }
        if let problem = HeaderCheck.problem(inValue: value) {
            throw .usage("--header \(name): the value holds \(problem), which is not allowed in a header")
        }
        return HeaderField(name: name, value: value, origin: .flag)
    }
}
