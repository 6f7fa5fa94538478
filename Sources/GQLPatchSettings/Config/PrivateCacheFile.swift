import GQLPatchSupport

/// One file of gqlpatch's private cache (`$XDG_CACHE_HOME/gqlpatch/<kind>/`, else
/// `$HOME/.cache/gqlpatch/<kind>/`): 0600 in 0700 folders, written atomically. A file or folder that
/// group or others may read or write is refused (exit 78, the chmod to run named); one that is too
/// large is passed over with a warning. The token cache and the guest identity cache share these rules.
package struct PrivateCacheFile: Sendable {
    /// The folder of this kind of cache (`.../gqlpatch/tokens`).
    package var directory: String
    /// The file's name in it.
    package var name: String
    /// `token cache`, for messages.
    package var what: String
    /// What happens to a file passed over: `signing in again replaces it`.
    package var replacedBy: String
    /// What to do with a file that cannot be used: `delete it and sign in again`.
    package var deleteAdvice: String
    package var warn: @Sendable (String) -> Void
    /// Whether the folder above `directory` is gqlpatch's too (`.../gqlpatch` above `tokens`), and
    /// kept 0700 with it; false for a folder the user has (`~/.config` above `gqlpatch`).
    package var ownsParent = true

    package init(
        directory: String, name: String, what: String, replacedBy: String, deleteAdvice: String,
        warn: @escaping @Sendable (String) -> Void
    ) {
        self.directory = directory
        self.name = name
        self.what = what
        self.replacedBy = replacedBy
        self.deleteAdvice = deleteAdvice
        self.warn = warn
    }

    /// The folder `kind` of the cache for this environment; nil when neither `XDG_CACHE_HOME`
    /// (absolute, as the XDG spec wants) nor `HOME` is set.
    package static func directory(_ kind: String, environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return FilePathText.join(FilePathText.join(xdg, "gqlpatch"), kind)
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return FilePathText.join(FilePathText.join(FilePathText.join(home, ".cache"), "gqlpatch"), kind)
        }
        return nil
    }

    package var path: String { FilePathText.join(directory, name) }

    private var folders: [String] { ownsParent ? [FilePathText.directory(of: directory), directory] : [directory] }

    private func checkFolders(create: Bool) throws(GQLPatchError) {
        if !create, !folders.allSatisfy({ LocalFiles.status($0) != nil }) { return }
        switch PrivateFiles.makeFolder(directory, ours: folders, repair: false) {
        case .usable: return
        case .tooOpen(let folder, let mode):
            throw .configuration(
                "the \(what) folder \(folder) may be entered by others (mode \(Self.octal(mode))); run 'chmod 700 \(folder)'"
            )
        case .unusable(let folder, let reason):
            throw .configuration("cannot use the \(what) folder \(folder): \(reason)")
        }
    }

    /// The file's bytes; nil when there is none, or it is over `maxBytes` (warned).
    package func read(maxBytes: Int) throws(GQLPatchError) -> [UInt8]? {
        try checkFolders(create: false)
        let path = path
        switch PrivateFiles.read(path, maxBytes: maxBytes, forbiddenModeBits: 0o077) {
        case .missing: return nil
        case .tooOpen(let mode):
            throw .configuration(
                "the \(what) file \(path) may be read by others (mode \(Self.octal(mode))); run 'chmod 600 \(path)', or \(deleteAdvice)"
            )
        case .notOurs:
            throw .configuration("the \(what) file \(path) is not a regular file of this user; \(deleteAdvice)")
        case .tooLarge:
            warn("the \(what) file \(path) is larger than \(maxBytes) bytes; \(replacedBy)")
            return nil
        case .failed(let reason):
            throw .configuration("cannot read the \(what) file \(path): \(reason)")
        case .contents(let bytes):
            return bytes
        }
    }

    /// Warns that the file was passed over (`damaged (why)`, `for another pool`).
    package func passOver(_ problem: String) {
        warn("the \(what) file \(path) is \(problem); \(replacedBy)")
    }

    package func write(_ bytes: [UInt8]) throws(GQLPatchError) {
        try checkFolders(create: true)
        try PrivateFiles.write(bytes, to: path)
    }

    /// Deletes the file; whether there was one.
    package func remove() throws(GQLPatchError) -> Bool {
        try PrivateFiles.remove(path)
    }

    private static func octal(_ mode: UInt32) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
