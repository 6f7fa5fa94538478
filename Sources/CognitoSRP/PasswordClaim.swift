/// The answer to a `PASSWORD_VERIFIER` challenge with the intermediate values that led to it, so the
/// known-answer tests can compare each one with a reference client. Holds secrets (`x`, `S`, the key):
/// only the signature leaves the target.
package struct PasswordClaim: Sendable {
    /// `u = H(pad(A) ‖ pad(B))`.
    package let u: BigUInt
    /// `x = H(pad(salt) ‖ H(poolName ‖ userID ‖ ":" ‖ password))`.
    package let x: BigUInt
    /// `S = (B − k·g^x)^(a + u·x) mod N`.
    package let s: BigUInt
    /// The 16-byte HKDF key.
    package let key: [UInt8]
    /// `PASSWORD_CLAIM_SIGNATURE`: base64 of the HMAC over pool name, user id, secret block, timestamp.
    package let signature: String

    package init(u: BigUInt, x: BigUInt, s: BigUInt, key: [UInt8], signature: String) {
        self.u = u
        self.x = x
        self.s = s
        self.key = key
        self.signature = signature
    }
}
