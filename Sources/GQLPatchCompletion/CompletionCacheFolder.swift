import AWSSigning
import GQLPatchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the completion cache's files live: `$XDG_CACHE_HOME/gqlpatch/completion/` (else
/// `$HOME/.cache/...`), one file per schema source, named by the selector that chose it. A file is
/// read only when it is a regular file of ours that others cannot write, and written atomically in
/// folders made 0700; every failure is silent (completion then loads the schema as without a cache).
package struct CompletionCacheFolder: Sendable {
    /// `GQLPATCH_COMPLETION_CACHE=off` turns the cache off.
    package static let switchVariable = "GQLPATCH_COMPLETION_CACHE"

    /// The folder holding the cache files.
    package var directory: String

    /// The folder for this environment; nil when the cache is turned off, or neither `XDG_CACHE_HOME`
    /// (an absolute path, as the XDG spec wants) nor `HOME` is set.
    package init?(environment: [String: String]) {
        guard environment[Self.switchVariable] != "off" else { return nil }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            directory = FilePathText.join(FilePathText.join(xdg, "gqlpatch"), "completion")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            directory = FilePathText.join(
                FilePathText.join(FilePathText.join(home, ".cache"), "gqlpatch"), "completion")
        } else {
            return nil
        }
    }

    package init(directory: String) {
        self.directory = directory
    }

    /// The file for `selector`.
    package func path(for selector: String) -> String {
        FilePathText.join(directory, Self.fileName(selector))
    }

    /// The cache file's name: the selector's SHA-256 (stable across runs and versions).
    package static func fileName(_ selector: String) -> String {
        var hash = SHA256()
        hash.update(data: Array(selector.utf8))
        return String(hash.finalize().hexString.prefix(32)) + ".cache"
    }

    /// `path` made absolute against `directory` with its symbolic links resolved; as given (made
    /// absolute) when it cannot be resolved. Selectors name files this way, so two spellings of one
    /// file share a cache.
    package static func canonical(_ path: String, in directory: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FilePathText.join(directory, path)
        guard let resolved = realpath(absolute, nil) else { return absolute }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The cache file's bytes: a regular file of ours, not a symbolic link, not written by others, at
    /// most `CompletionCacheFile.maxBytes`; nil otherwise.
    package static func readCacheFile(_ path: String) -> [UInt8]? {
        guard
            case .contents(let bytes) = PrivateFiles.read(
                path, maxBytes: CompletionCacheFile.maxBytes, forbiddenModeBits: 0o022)
        else { return nil }
        return bytes
    }

    /// Writes the cache file atomically (`PrivateFiles.write`), its folders made 0700 first. Silent on failure.
    package func write(_ bytes: [UInt8], to path: String) {
        guard
            PrivateFiles.makeFolder(directory, ours: [FilePathText.directory(of: directory), directory], repair: true)
                == .usable
        else { return }
        try? PrivateFiles.write(bytes, to: path)
    }
}
