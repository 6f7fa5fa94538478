import Synchronization

/// What a run sent as its credentials, in words that hold no secret (`auth api-key, the key from
/// GQLPATCH_API_KEY`): recorded when the settings are resolved, added to a refusal's message (401,
/// 403, `Unauthorized`) so the user knows which credential the API turned down and where it came from.
public final class CredentialNote: Sendable {
    private let text = Mutex<String?>(nil)

    public init() {}

    func record(_ value: String) { text.withLock { $0 = value } }

    public var current: String? { text.withLock { $0 } }
}
