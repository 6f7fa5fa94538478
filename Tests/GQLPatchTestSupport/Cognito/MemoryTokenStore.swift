import Foundation
import GQLPatchClient
import GQLPatchSupport

/// A token store in memory that counts its saves.
package final class MemoryTokenStore: UserPoolTokenStore, @unchecked Sendable {
    // @unchecked: both fields are only touched while holding `lock`.
    private let lock = NSLock()
    private var kept: UserPoolTokens?
    private var saveCount = 0

    package init(_ tokens: UserPoolTokens? = nil) { kept = tokens }

    package var saves: Int { lock.withLock { saveCount } }
    package var tokens: UserPoolTokens? { lock.withLock { kept } }
    package func load() throws(GQLPatchError) -> UserPoolTokens? { lock.withLock { kept } }
    package func save(_ tokens: UserPoolTokens) throws(GQLPatchError) {
        lock.withLock {
            kept = tokens
            saveCount += 1
        }
    }
    package func delete() throws(GQLPatchError) -> Bool {
        lock.withLock {
            defer { kept = nil }
            return kept != nil
        }
    }
}

extension UserPoolTokens {
    /// Numbered tokens (`id-N`, `access-N`, `refresh-N`) obtained at `time`.
    package static func numbered(_ number: Int, at time: Int, lifetime: Int = 3600) -> UserPoolTokens {
        UserPoolTokens(
            idToken: "id-\(number)", accessToken: "access-\(number)", refreshToken: "refresh-\(number)",
            obtainedAt: time, expiresAt: time + lifetime)
    }
}
