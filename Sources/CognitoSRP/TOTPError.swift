/// Why a TOTP code cannot be computed. Messages never quote the secret.
public enum TOTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A character outside base32's A–Z, 2–7 (spaces, '=' padding and lower case are accepted).
    case invalidCharacter(position: Int)
    /// The secret decodes to no bytes.
    case emptySecret
    /// A time before 1970, which has no 30-second step count.
    case timeBeforeEpoch

    public var description: String {
        switch self {
        case .invalidCharacter(let position):
            "the TOTP secret is not base32: character \(position) is not A-Z or 2-7"
        case .emptySecret:
            "the TOTP secret is empty"
        case .timeBeforeEpoch:
            "a TOTP code needs a time after 1970-01-01"
        }
    }
}
