import Synchronization

/// What a run sent as its credentials, in words that hold no secret (`auth api-key, the key from
/// GQLPATCH_API_KEY`): recorded when the settings are resolved, added to a refusal's message (401,
/// 403, `Unauthorized`) so the user knows which credential the API turned down and where it came from.
/// A dry run given none records the refusal the real run would stop at, said once the plan is shown.
public final class CredentialNote: Sendable {
    private let text = Mutex<String?>(nil)
    private let missingText = Mutex<String?>(nil)

    public init() {}

    func record(_ value: String) { text.withLock { $0 = value } }

    func recordMissing(_ refusal: String) { missingText.withLock { $0 = refusal } }

    public var current: String? { text.withLock { $0 } }

    /// A dry run's: why the real run would stop before sending (no credentials); nil otherwise.
    public var missing: String? { missingText.withLock { $0 } }
}
