/// The SigV4 signing-key derivation with every intermediate key kept, so each step can be checked:
/// `kDate = HMAC("AWS4" + secret, date)`, `kRegion = HMAC(kDate, region)`,
/// `kService = HMAC(kRegion, service)`, `kSigning = HMAC(kService, "aws4_request")`.
struct SigningKeyChain: Sendable, Hashable {
    let secret: [UInt8]
    let date: [UInt8]
    let region: [UInt8]
    let service: [UInt8]
    let signing: [UInt8]

    /// Derives the chain for `secretAccessKey` on `dateStamp` (`yyyyMMdd`) in `region` for `service`.
    init(secretAccessKey: String, dateStamp: String, region: String, service: String) {
        secret = Array(("AWS4" + secretAccessKey).utf8)
        date = Self.hmac(secret, dateStamp)
        self.region = Self.hmac(date, region)
        self.service = Self.hmac(self.region, service)
        signing = Self.hmac(self.service, "aws4_request")
    }

    private static func hmac(_ key: [UInt8], _ message: String) -> [UInt8] {
        HMAC<SHA256>.authenticationCode(for: message.utf8, using: SymmetricKey(data: key)).bytes
    }
}
