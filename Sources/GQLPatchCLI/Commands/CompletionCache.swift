import AWSSigning
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

    /// The cache file's bytes: a regular file of ours, not a symbolic link (`O_NOFOLLOW`), not written
    /// by others, at most `CompletionCacheFile.maxBytes`; nil otherwise.
    package static func readCacheFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid(),
            info.st_mode & 0o022 == 0, info.st_size >= 0, info.st_size <= CompletionCacheFile.maxBytes
        else { return nil }
        let size = Int(info.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            count = 0
            // One byte more than the size says: a file that grew is not the one stat measured.
            while count < buffer.count {
                let got = read(fd, buffer.baseAddress! + count, buffer.count - count)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failed = true }
                if got <= 0 { break }
                count += got
            }
        }
        guard !failed, bytes.count == size else { return nil }
        return bytes
    }

    /// Writes the cache file atomically: a new 0600 file beside it, every write checked, then renamed
    /// over it (a symbolic link there is replaced, never followed). Silent on failure.
    package func write(_ bytes: [UInt8], to path: String) {
        guard makeDirectory() else { return }
        for _ in 0..<4 {
            let random = UInt64.random(in: 0...UInt64.max)
            let temporary = path + ".tmp-\(getpid())-\(String(random, radix: 16))"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                return
            }
            var ok = fchmod(fd, 0o600) == 0
            var written = 0
            while ok, written < bytes.count {
                let got = bytes.withUnsafeBytes { buffer in
                    Self.systemWrite(fd, buffer.baseAddress! + written, buffer.count - written)
                }
                if got < 0, errno == EINTR { continue }
                if got <= 0 { ok = false } else { written += got }
            }
            if close(fd) != 0 { ok = false }
            if ok, rename(temporary, path) == 0 { return }
            unlink(temporary)
            return
        }
    }

    // The C library's `write` (this type's `write` is in scope).
    private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(fd, buffer, count)
        #else
            Darwin.write(fd, buffer, count)
        #endif
    }

    /// Creates the cache folder and the folders above it that are missing, 0700; the two folders of
    /// ours (`gqlpatch/`, `completion/`) must then be real folders of this user, made 0700 if they are
    /// not. Whether it is usable.
    private func makeDirectory() -> Bool {
        let ours = [FilePathText.directory(of: directory), directory]
        var missing: [String] = []
        var folder = directory
        while !folder.isEmpty, folder != "/", LocalFiles.status(folder) == nil {
            missing.append(folder)
            folder = FilePathText.directory(of: folder)
        }
        for folder in missing.reversed() where mkdir(folder, 0o700) != 0 && errno != EEXIST { return false }
        for folder in ours {
            var info = stat()
            guard lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == geteuid() else {
                return false
            }
            if info.st_mode & 0o777 != 0o700, chmod(folder, 0o700) != 0 { return false }
        }
        return true
    }
}
