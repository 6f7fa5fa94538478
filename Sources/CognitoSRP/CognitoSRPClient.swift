import AWSSigning

/// The client side of Cognito's `USER_SRP_AUTH` (SRP-6a over `SRPGroup.cognito`): the secret `a`, the
/// public `A = g^a mod N` sent as `SRP_A`, and the `PASSWORD_CLAIM_SIGNATURE` that answers the
/// `PASSWORD_VERIFIER` challenge. Formulas as amazon-cognito-identity-js's `AuthenticationHelper` and
/// pycognito's `AWSSRP` compute them (../shared/reference/cognito.md).
///
/// Every exponentiation here has a secret exponent (`a`, `x`, `a + u·x`) and goes through the
/// constant-time `MontgomeryContext.power` with an exponent width fixed by public sizes (the byte
/// count of `a`, the 256-bit hashes). Parsing B and the salt, computing u and the final hex are not
/// constant-time: those values are public or leave as the signature's input anyway.
public struct CognitoSRPClient: Sendable {
    /// The group (Cognito's).
    public let group: SRPGroup
    /// The secret `a`.
    private let secret: BigUInt
    /// `A = g^a mod N`.
    public let publicValue: BigUInt

    /// Longest hex accepted for `SRP_B` and `SALT`: a 3072-bit B is 768 digits; this bounds the
    /// arithmetic a hostile answer can cause.
    static let maximumHexDigits = 2048

    /// A client with `a = bytes mod N` (big-endian), as the reference clients make it from 128 random
    /// bytes. For the known-answer tests; sign-ins use `random()`.
    public init(secretBytes: [UInt8]) {
        let group = SRPGroup.cognito
        var a = BigUInt(bigEndianBytes: secretBytes)
        // Reduce only when a could reach N (the size is public; 128 bytes never do).
        if a.words.count >= group.prime.words.count { a = a.remainder(modulo: group.prime) }
        self.group = group
        secret = a
        // A mod N is never 0: N is prime and g^a is a unit. (The reference clients' check cannot fail.)
        publicValue = group.context.power(group.generator, a)
    }

    /// The bytes of a random `a`: 256 bits, the least RFC 5054 (2.6) allows, and the 128-bit security of
    /// the 3072-bit group against the best attack on a short exponent (kangaroo, 2^128 steps). The
    /// reference clients take 128 bytes; a quarter of that makes `A` four times and `S` about twice as
    /// fast (an exponent's cost is its width: the width is public, only its bits are secret).
    public static let secretByteCount = 32

    /// A client with `secretByteCount` bytes from the system's cryptographic generator.
    public static func random() -> CognitoSRPClient {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(secretByteCount)
        for _ in 0..<(secretByteCount / 8) {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        return CognitoSRPClient(secretBytes: bytes)
    }

    /// `SRP_A`: the lower-case hex of A, without padding (as the reference clients send it).
    public var srpA: String { publicValue.normalized().hex }

    /// `PASSWORD_CLAIM_SIGNATURE` for the challenge parameters `SALT` (`saltHex`), `SRP_B` (`srpBHex`),
    /// `SECRET_BLOCK` (`secretBlockBase64`) and `USER_ID_FOR_SRP` (`userIDForSRP`), signed over
    /// `timestamp` (`CognitoTimestamp.format`, sent as `TIMESTAMP`).
    public func passwordClaim(
        poolID: String, userIDForSRP: String, password: String, saltHex: String, srpBHex: String,
        secretBlockBase64: String, timestamp: String
    ) throws(SRPError) -> String {
        try claim(
            poolID: poolID, userIDForSRP: userIDForSRP, password: password, saltHex: saltHex, srpBHex: srpBHex,
            secretBlockBase64: secretBlockBase64, timestamp: timestamp
        ).signature
    }

    /// `passwordClaim` with its intermediate values.
    package func claim(
        poolID: String, userIDForSRP: String, password: String, saltHex: String, srpBHex: String,
        secretBlockBase64: String, timestamp: String
    ) throws(SRPError) -> PasswordClaim {
        let parts = poolID.split(separator: "_", omittingEmptySubsequences: false)
        // The pool name is the second '_'-separated part, as `userPoolId.split('_')[1]` in the clients.
        guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else { throw .invalidPoolID(poolID) }
        let poolName = String(parts[1])
        let b = try Self.hexNumber(srpBHex, parameter: "SRP_B")
        try Self.checkHex(saltHex, parameter: "SALT")
        guard let secretBlock = Base64.decode(secretBlockBase64) else {
            throw .invalidBase64(parameter: "SECRET_BLOCK")
        }
        let prime = group.prime
        let context = group.context
        let bModN = context.reduce(b)
        guard !bModN.isZero else { throw .serverValueIsZero }

        let u = Self.hashNumber(hex: SRPHex.pad(publicValue.normalized().hex) + SRPHex.pad(b.normalized().hex))
        guard !u.isZero else { throw .scramblingValueIsZero }
        let identity = SHA256.hash(data: Array((poolName + userIDForSRP + ":" + password).utf8)).hexString
        let x = Self.hashNumber(hex: SRPHex.pad(saltHex) + identity)

        let gx = context.power(group.generator, x)
        let kgx = context.product(group.multiplier, gx)
        let base = bModN.subtractingModulo(kgx, modulus: prime)
        let s = context.power(base, secret + u * x)

        let key = HKDF.derive(
            inputKeyMaterial: SRPHex.bytes(SRPHex.pad(s.normalized().hex))!,
            salt: SRPHex.bytes(SRPHex.pad(u.normalized().hex))!)
        var hmac = HMAC<SHA256>(key: SymmetricKey(data: key))
        hmac.update(data: Array(poolName.utf8))
        hmac.update(data: Array(userIDForSRP.utf8))
        hmac.update(data: secretBlock)
        hmac.update(data: Array(timestamp.utf8))
        return PasswordClaim(u: u, x: x, s: s, key: key, signature: Base64.encode(hmac.finalize().bytes))
    }

    /// SHA-256 of the bytes of an even-length hex string, as a 256-bit number.
    private static func hashNumber(hex: String) -> BigUInt {
        BigUInt(bigEndianBytes: SHA256.hash(data: SRPHex.bytes(hex)!).bytes)
    }

    private static func checkHex(_ hex: String, parameter: String) throws(SRPError) {
        guard !hex.isEmpty else { throw .invalidHex(parameter: parameter, reason: "empty") }
        guard hex.utf8.count <= maximumHexDigits else {
            throw .invalidHex(parameter: parameter, reason: "more than \(maximumHexDigits) digits")
        }
        guard hex.utf8.allSatisfy({ BigUInt.nibble($0) != nil }) else {
            throw .invalidHex(parameter: parameter, reason: "a character other than 0-9, a-f")
        }
    }

    private static func hexNumber(_ hex: String, parameter: String) throws(SRPError) -> BigUInt {
        try checkHex(hex, parameter: parameter)
        return BigUInt(hex: hex)!
    }
}
