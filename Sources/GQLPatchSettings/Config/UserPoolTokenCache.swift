import AWSSigning
import GQLPatchClient
import GQLPatchSupport

/// The sign-in token cache: one file per Cognito endpoint + pool + client + user in
/// `$XDG_CACHE_HOME/gqlpatch/tokens/` (else `$HOME/.cache/gqlpatch/tokens/`), with the rules of
/// `PrivateCacheFile`; a damaged file is passed over with a warning and replaced.
package struct UserPoolTokenCache: UserPoolTokenStore {
    package var key: UserPoolTokenFile.Key
    private let file: PrivateCacheFile

    package init(directory: String, key: UserPoolTokenFile.Key, warn: @escaping @Sendable (String) -> Void) {
        self.key = key
        // The file's name: the key's SHA-256 (the user name may hold anything).
        var hash = SHA256()
        hash.update(data: Array([key.endpoint, key.pool, key.client, key.username].joined(separator: "\n").utf8))
        file = PrivateCacheFile(
            directory: directory, name: String(hash.finalize().hexString.prefix(32)) + ".json", what: "token cache",
            replacedBy: "signing in again replaces it", deleteAdvice: "delete it and sign in again", warn: warn)
    }

    /// The cache folder for this environment; nil when neither `XDG_CACHE_HOME` (absolute, as the
    /// XDG spec wants) nor `HOME` is set.
    package static func directory(environment: [String: String]) -> String? {
        PrivateCacheFile.directory("tokens", environment: environment)
    }

    package var directory: String { file.directory }
    package var path: String { file.path }

    package func load() throws(GQLPatchError) -> UserPoolTokens? {
        guard let bytes = try file.read(maxBytes: UserPoolTokenFile.maxBytes) else { return nil }
        switch UserPoolTokenFile.decode(bytes, key: key) {
        case .success(let tokens): return tokens
        case .failure(.damaged(let why)):
            file.passOver("damaged (\(why))")
            return nil
        case .failure(.otherKey(let field)):
            file.passOver("for another \(field)")
            return nil
        }
    }

    package func save(_ tokens: UserPoolTokens) throws(GQLPatchError) {
        try file.write(UserPoolTokenFile.encode(tokens, key: key))
    }

    package func delete() throws(GQLPatchError) -> Bool {
        try file.remove()
    }
}
