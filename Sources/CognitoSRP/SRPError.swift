/// Why a `PASSWORD_VERIFIER` challenge cannot be answered. None of the messages holds a secret.
public enum SRPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A challenge parameter (`SALT`, `SRP_B`) is not hexadecimal, or is empty or too long.
    case invalidHex(parameter: String, reason: String)
    /// `SECRET_BLOCK` is not standard base64.
    case invalidBase64(parameter: String)
    /// `B mod N == 0`: a server (or someone in between) that would learn nothing from the answer but
    /// could make `S` known; SRP-6a says abort.
    case serverValueIsZero
    /// `u == 0`, which would take `a` out of `S`; SRP-6a says abort.
    case scramblingValueIsZero
    /// A user pool id is `<region>_<name>`; the name is part of the signed message.
    case invalidPoolID(String)

    public var description: String {
        switch self {
        case .invalidHex(let parameter, let reason):
            "the sign-in challenge's \(parameter) is not valid hexadecimal (\(reason))"
        case .invalidBase64(let parameter):
            "the sign-in challenge's \(parameter) is not valid base64"
        case .serverValueIsZero:
            "the sign-in challenge's SRP_B is 0 modulo N, which SRP-6a forbids: refusing to answer it"
        case .scramblingValueIsZero:
            "the sign-in challenge gives u = H(A, B) = 0, which SRP-6a forbids: refusing to answer it"
        case .invalidPoolID(let id):
            "user pool id '\(id)' is not of the form <region>_<name> (e.g. us-east-1_AbC123)"
        }
    }
}
