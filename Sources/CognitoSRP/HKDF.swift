import AWSSigning

/// HKDF-SHA256 (RFC 5869) as Cognito's SRP uses it: one expansion block with the fixed info
/// "Caldera Derived Key", of which the first 16 bytes are the key.
public enum HKDF {
    private static let info = Array("Caldera Derived Key".utf8) + [0x01]

    /// `HMAC(HMAC(salt, ikm), info ‖ 0x01)[0..<16]`.
    public static func derive(inputKeyMaterial: [UInt8], salt: [UInt8]) -> [UInt8] {
        let pseudorandomKey = HMAC<SHA256>.authenticationCode(for: inputKeyMaterial, using: SymmetricKey(data: salt))
        let block = HMAC<SHA256>.authenticationCode(for: info, using: SymmetricKey(data: pseudorandomKey.bytes))
        return Array(block.bytes.prefix(16))
    }
}
