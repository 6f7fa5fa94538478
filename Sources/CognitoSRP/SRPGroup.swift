import AWSSigning

/// An SRP-6a group: the prime `N`, the generator `g` and the multiplier `k`, with `N`'s Montgomery
/// context prepared once.
public struct SRPGroup: Sendable {
    /// The safe prime `N`.
    public let prime: BigUInt
    /// The generator `g`.
    public let generator: BigUInt
    /// `k`, as Cognito computes it (see `cognito`).
    public let multiplier: BigUInt
    /// Arithmetic modulo `N`.
    public let context: MontgomeryContext

    /// The 3072-bit MODP group of RFC 3526 §4 (pycognito's `N_HEX`, amazon-cognito-identity-js's `N`),
    /// `g = 2`, and `k = H(bytes("00" + N_hex + "0" + g_hex))`: both padded by hand in the reference
    /// clients, so the hash covers `00 ‖ N ‖ 02`.
    public static let cognito: SRPGroup = {
        let hex =
            "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
            + "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
            + "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
            + "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
            + "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
            + "15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7"
            + "ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C"
            + "BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF"
        let prime = BigUInt(hex: hex)!.normalized()
        let k = SHA256.hash(data: SRPHex.bytes("00" + hex + "0" + "2")!).bytes
        return SRPGroup(
            prime: prime, generator: BigUInt(2), multiplier: BigUInt(bigEndianBytes: k),
            context: MontgomeryContext(modulus: prime)!)
    }()
}
