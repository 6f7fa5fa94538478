import AWSSigning
import GQLPatchClient
import GQLPatchSupport

/// The sign-in token cache: one file per Cognito endpoint + pool + client + user in
/// `$XDG_CACHE_HOME/gqlpatch/tokens/` (else `$HOME/.cache/gqlpatch/tokens/`), 0600 in 0700 folders,
/// written atomically. A file or folder that group or others may read or write is refused (exit 78,
/// the chmod to run named); a damaged file is passed over with a warning and replaced.
package struct UserPoolTokenCache: UserPoolTokenStore {
    package var directory: String
    package var key: UserPoolTokenFile.Key
    package var warn: @Sendable (String) -> Void

    package init(directory: String, key: UserPoolTokenFile.Key, warn: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.key = key
        self.warn = warn
    }

    /// The cache folder for this environment; nil when neither `XDG_CACHE_HOME` (absolute, as the
    /// XDG spec wants) nor `HOME` is set.
    package static func directory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return FilePathText.join(FilePathText.join(xdg, "gqlpatch"), "tokens")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return FilePathText.join(FilePathText.join(FilePathText.join(home, ".cache"), "gqlpatch"), "tokens")
        }
        return nil
    }

    /// The file's name: the key's SHA-256 (the user name may hold anything).
    package var path: String {
        var hash = SHA256()
        hash.update(data: Array([key.endpoint, key.pool, key.client, key.username].joined(separator: "\n").utf8))
        return FilePathText.join(directory, String(hash.finalize().hexString.prefix(32)) + ".json")
    }

    private var folders: [String] { [FilePathText.directory(of: directory), directory] }

    private func checkFolders(create: Bool) throws(GQLPatchError) {
        if !create, !folders.allSatisfy({ LocalFiles.status($0) != nil }) { return }
        switch PrivateFiles.makeFolder(directory, ours: folders, repair: false) {
        case .usable: return
        case .tooOpen(let folder, let mode):
            throw .configuration(
                "the token cache folder \(folder) may be entered by others (mode \(Self.octal(mode))); run 'chmod 700 \(folder)'"
            )
        case .unusable(let folder, let reason):
            throw .configuration("cannot use the token cache folder \(folder): \(reason)")
        }
    }

    package func load() throws(GQLPatchError) -> UserPoolTokens? {
        try checkFolders(create: false)
        let path = path
        switch PrivateFiles.read(path, maxBytes: UserPoolTokenFile.maxBytes, forbiddenModeBits: 0o077) {
        case .missing: return nil
        case .tooOpen(let mode):
            throw .configuration(
                "the token cache file \(path) may be read by others (mode \(Self.octal(mode))); run 'chmod 600 \(path)', or delete it and sign in again"
            )
        case .notOurs:
            throw .configuration(
                "the token cache file \(path) is not a regular file of this user; delete it and sign in again")
        case .tooLarge:
            warn(
                "the token cache file \(path) is larger than \(UserPoolTokenFile.maxBytes) bytes; signing in again replaces it"
            )
            return nil
        case .failed(let reason):
            throw .configuration("cannot read the token cache file \(path): \(reason)")
        case .contents(let bytes):
            switch UserPoolTokenFile.decode(bytes, key: key) {
            case .success(let tokens): return tokens
            case .failure(.damaged(let why)):
                warn("the token cache file \(path) is damaged (\(why)); signing in again replaces it")
                return nil
            case .failure(.otherKey(let field)):
                warn("the token cache file \(path) is for another \(field); signing in again replaces it")
                return nil
            }
        }
    }

    package func save(_ tokens: UserPoolTokens) throws(GQLPatchError) {
        try checkFolders(create: true)
        try PrivateFiles.write(UserPoolTokenFile.encode(tokens, key: key), to: path)
    }

    package func delete() throws(GQLPatchError) -> Bool {
        try PrivateFiles.remove(path)
    }

    private static func octal(_ mode: UInt32) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
