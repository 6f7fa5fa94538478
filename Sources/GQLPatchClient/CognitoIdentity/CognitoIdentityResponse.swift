import AWSSigning
import JSON

/// Reads the JSON 1.1 answers of Cognito identity pools' `GetId` and `GetCredentialsForIdentity`,
/// and their errors. Every value is checked for its type and size; a problem's text never quotes
/// the answer (it may hold credentials).
package enum CognitoIdentityResponse {
    /// The longest `IdentityId` the API defines (`region:uuid` is 46 characters).
    package static let identityIDLimit = 55
    /// Bounds on the credential parts: AWS key ids are 16 to 128 characters; secret keys are 40, and
    /// session tokens about a thousand, so these limits are far above anything real.
    package static let accessKeyIDLimit = 128
    package static let secretKeyLimit = 1024
    package static let sessionTokenLimit = 16_384
    /// The latest `Expiration` taken: the end of year 9999 (a larger number is not a time).
    package static let latestExpiration = 253_402_300_799.0

    /// Why an answer was not used.
    package struct Problem: Error, Sendable, Equatable {
        package var text: String
    }

    /// `IdentityId` of a `GetId` answer.
    package static func identityID(from body: [UInt8]) -> Result<String, Problem> {
        let document: JSONValue
        switch parse(body) {
        case .success(let parsed): document = parsed
        case .failure(let problem): return .failure(problem)
        }
        switch text(document["IdentityId"], name: "IdentityId", limit: identityIDLimit) {
        case .success(let id):
            guard isIdentityID(id) else { return .failure(Problem(text: "the answer's IdentityId is not REGION:ID")) }
            return .success(id)
        case .failure(let problem): return .failure(problem)
        }
    }

    /// The key pair, session token and expiry (seconds since 1970, rounded down) of a
    /// `GetCredentialsForIdentity` answer.
    package static func credentials(from body: [UInt8]) -> Result<(SigV4Credentials, Int), Problem> {
        let document: JSONValue
        switch parse(body) {
        case .success(let parsed): document = parsed
        case .failure(let problem): return .failure(problem)
        }
        guard let block = document["Credentials"] else {
            return .failure(Problem(text: "the answer has no Credentials"))
        }
        guard block.objectValue != nil else {
            return .failure(Problem(text: "the answer's Credentials is not an object"))
        }
        var parts: [String] = []
        for (name, limit) in [
            ("AccessKeyId", accessKeyIDLimit), ("SecretKey", secretKeyLimit), ("SessionToken", sessionTokenLimit),
        ] {
            switch text(block[name], name: "Credentials.\(name)", limit: limit) {
            case .success(let value): parts.append(value)
            case .failure(let problem): return .failure(problem)
            }
        }
        guard let expiration = block["Expiration"] else {
            return .failure(Problem(text: "the answer has no Credentials.Expiration"))
        }
        // JSON 1.1 timestamps are epoch seconds, a number that may have a fraction.
        guard let seconds = expiration.doubleValue else {
            return .failure(Problem(text: "the answer's Credentials.Expiration is not a number of seconds"))
        }
        guard seconds.isFinite, seconds > 0, seconds <= latestExpiration else {
            return .failure(Problem(text: "the answer's Credentials.Expiration is not a time (out of range)"))
        }
        let credentials = SigV4Credentials(accessKeyID: parts[0], secretAccessKey: parts[1], sessionToken: parts[2])
        return .success((credentials, Int(seconds.rounded(.down))))
    }

    /// The error name (`__type` without its `namespace#` prefix) and message of an error answer; nil
    /// when the body is not such a JSON object.
    package static func error(from body: [UInt8]) -> (code: String, message: String?)? {
        guard case .success(let document) = parse(body), var type = document["__type"]?.stringValue else {
            return nil
        }
        if let hash = type.lastIndex(of: "#") { type = String(type[type.index(after: hash)...]) }
        let message = (document["message"] ?? document["Message"])?.stringValue
        return (printable(type, limit: 100), message.map { printable($0, limit: 500) })
    }

    /// `REGION:ID` with a region made of lower-case letters, digits and `-` (identity and pool ids both).
    package static func isIdentityID(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let region = text[..<colon]
        let rest = text[text.index(after: colon)...]
        return !region.isEmpty && !rest.isEmpty
            && region.utf8.allSatisfy { isLowerAlphanumeric($0) || $0 == UInt8(ascii: "-") }
            && rest.utf8.allSatisfy { isLowerAlphanumeric($0) || $0 == UInt8(ascii: "-") || isUpper($0) }
    }

    private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isUpper(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }

    private static func parse(_ body: [UInt8]) -> Result<JSONValue, Problem> {
        let document: JSONValue
        do {
            document = try JSONValue.parse(body)
        } catch {
            return .failure(Problem(text: "the answer is not JSON (\(error.line):\(error.column))"))
        }
        guard document.objectValue != nil else { return .failure(Problem(text: "the answer is not a JSON object")) }
        return .success(document)
    }

    /// A non-empty string of printable ASCII no longer than `limit` (credentials and ids are ASCII).
    private static func text(_ value: JSONValue?, name: String, limit: Int) -> Result<String, Problem> {
        guard let value else { return .failure(Problem(text: "the answer has no \(name)")) }
        guard let text = value.stringValue else {
            return .failure(Problem(text: "the answer's \(name) is not a string"))
        }
        guard !text.isEmpty else { return .failure(Problem(text: "the answer's \(name) is empty")) }
        guard text.utf8.count <= limit else {
            return .failure(Problem(text: "the answer's \(name) is longer than \(limit) characters"))
        }
        guard text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            return .failure(Problem(text: "the answer's \(name) holds a character that is not printable ASCII"))
        }
        return .success(text)
    }

    /// `text` cut to `limit` characters, control characters replaced, for a message.
    private static func printable(_ text: String, limit: Int) -> String {
        let cleaned = String(
            text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        return cleaned.count > limit ? String(cleaned.prefix(limit)) + "…" : cleaned
    }
}
