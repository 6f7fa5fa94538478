import AWSSigning
import GQLPatchCompletion
import GQLPatchSchema
import GQLPatchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The completion cache, used by `__complete` only (never by a real command): one file per schema
/// source in `$XDG_CACHE_HOME/gqlpatch/completion/` (else `$HOME/.cache/...`), holding what completion
/// needs from the whole catalogue (`CompletionCacheFile`), so a Tab on a large schema does not parse
/// it again. The file is trusted only while every file the load depended on has the same stamp.
/// Every problem (no folder, an unreadable, damaged, stale or foreign file, a failed write) falls back
/// silently to loading the schema as without a cache; a bad file is replaced.
package struct CompletionCache: Sendable {
    /// `GQLPATCH_COMPLETION_CACHE=off` turns the cache off.
    package static let switchVariable = "GQLPATCH_COMPLETION_CACHE"

    /// The folder holding the cache files.
    package var directory: String

    /// The cache for this environment; nil when it is turned off, or neither `XDG_CACHE_HOME` (an
    /// absolute path, as the XDG spec wants) nor `HOME` is set.
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

    /// What completion reads for the line's `options`: the cache file when it is valid; else the whole
    /// catalogue, loaded by `load` through a recording context and written to the cache; else (the
    /// whole load failed) `load` with the completion's own `focus`, as without a cache.
    package func source(
        options: GlobalOptions, environment: [String: String], context: RunContext, focus: CatalogueFocus,
        load: (RunContext, CatalogueFocus?) -> ModelCatalogue?
    ) -> (any CompletionSource)? {
        let selector = Self.selector(options, environment: environment, workingDirectory: context.workingDirectory)
        let path = FilePathText.join(directory, Self.fileName(selector))
        if let bytes = Self.readCacheFile(path), let file = CompletionCacheFile(bytes: bytes, selector: selector) {
            return file
        }
        let started = FileStamp.now()
        let recorder = CompletionDependencyRecorder()
        guard let catalogue = load(recorder.recording(context), nil) else { return load(context, focus) }
        if let dependencies = recorder.dependencies,
            !dependencies.contains(where: { $0.stamp.isRecent(before: started) }),
            let bytes = CompletionCacheFile.encode(catalogue, selector: selector, dependencies: dependencies)
        {
            write(bytes, to: path)
        }
        return catalogue
    }

    /// Everything that chooses which schema, config and settings the load uses: the working directory
    /// (`./schema.graphql`, config discovery), `--schema`/`GQLPATCH_SCHEMA` and `--config` as
    /// canonical absolute paths, `--conflict-resolution`, and whether the environment gives the
    /// endpoint and the auth (which decides whether the working directory's config is read). Never a
    /// secret's value: the selector is kept in the file in clear.
    package static func selector(_ options: GlobalOptions, environment: [String: String], workingDirectory: String)
        -> String
    {
        func given(_ name: String) -> String { environment[name].map { $0.isEmpty ? "0" : "1" } ?? "0" }
        let schema =
            options.schemaPath.flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["GQLPATCH_SCHEMA"].flatMap { $0.isEmpty ? nil : $0 }
        return [
            "cwd=" + canonical(workingDirectory, in: workingDirectory),
            "schema=" + (schema.map { canonical($0, in: workingDirectory) } ?? ""),
            "config=" + (options.configPath.map { canonical($0, in: workingDirectory) } ?? ""),
            "conflict-resolution=" + options.conflictResolution.rawValue,
            "endpoint-env=" + given("GQLPATCH_ENDPOINT"),
            "auth-env=" + given("GQLPATCH_AUTH") + given("GQLPATCH_API_KEY"),
        ].joined(separator: "\n")
    }

    /// The cache file's name: the selector's SHA-256 (stable across runs and versions).
    package static func fileName(_ selector: String) -> String {
        var hash = SHA256()
        hash.update(data: Array(selector.utf8))
        return String(hash.finalize().hexString.prefix(32)) + ".cache"
    }

    /// `path` made absolute against `directory` with its symbolic links resolved; as given (made
    /// absolute) when it cannot be resolved.
    private static func canonical(_ path: String, in directory: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FilePathText.join(directory, path)
        guard let resolved = realpath(absolute, nil) else { return absolute }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    // MARK: the file system

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
