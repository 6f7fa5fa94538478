#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files only this user may read or write, in folders only this user may enter (the completion cache,
/// the sign-in token cache): read without following a symbolic link and within a bound, written to a
/// new 0600 file beside the old one with every write checked, then renamed over it.
package enum PrivateFiles {
    /// What reading a private file found.
    package enum ReadResult: Sendable, Equatable {
        case missing
        case contents([UInt8])
        /// Not a regular file of this user (a link, a folder, another user's file).
        case notOurs
        /// Group or others may read or write it: the mode, to show.
        case tooOpen(mode: UInt32)
        case tooLarge
        /// It could not be read: the reason.
        case failed(String)
    }

    /// Reads the file at `path`: a regular file of this user, not a symbolic link (`O_NOFOLLOW`), at
    /// most `maxBytes`; `forbiddenModeBits` are the permission bits it must not have (0o022: no one
    /// else may write it; 0o077: no one else may read or write it).
    package static func read(_ path: String, maxBytes: Int, forbiddenModeBits: UInt32) -> ReadResult {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return .missing }
            if errno == ELOOP { return .notOurs }
            return .failed(String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failed(String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else { return .notOurs }
        let mode = UInt32(info.st_mode) & 0o777
        guard mode & forbiddenModeBits == 0 else { return .tooOpen(mode: mode) }
        guard info.st_size >= 0, info.st_size <= maxBytes else { return .tooLarge }
        let size = Int(info.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            count = 0
            // One byte more than the size says: a file that grew is not the one stat measured.
            while count < buffer.count {
                let got = systemRead(fd, buffer.baseAddress! + count, buffer.count - count)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failed = true }
                if got <= 0 { break }
                count += got
            }
        }
        if failed { return .failed(String(cString: strerror(errno))) }
        guard bytes.count == size else { return .failed("it changed while it was read") }
        return .contents(bytes)
    }

    /// Writes `bytes` to `path` atomically: a new 0600 file beside it, every write checked, then
    /// renamed over it (a symbolic link there is replaced, never followed). The folder must exist.
    package static func write(_ bytes: [UInt8], to path: String) throws(GQLPatchError) {
        for _ in 0..<4 {
            let random = UInt64.random(in: 0...UInt64.max)
            let temporary = path + ".tmp-\(getpid())-\(String(random, radix: 16))"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw failure("cannot create", temporary)
            }
            var ok = fchmod(fd, 0o600) == 0
            var written = 0
            while ok, written < bytes.count {
                let got = bytes.withUnsafeBytes { buffer in
                    systemWrite(fd, buffer.baseAddress! + written, buffer.count - written)
                }
                if got < 0, errno == EINTR { continue }
                if got <= 0 { ok = false } else { written += got }
            }
            var reason = ok ? "" : String(cString: strerror(errno))
            if close(fd) != 0, ok {
                ok = false
                reason = String(cString: strerror(errno))
            }
            if ok, rename(temporary, path) == 0 { return }
            if ok { reason = String(cString: strerror(errno)) }
            unlink(temporary)
            throw GQLPatchError(.ioError, "cannot write \(path): \(reason)")
        }
        throw GQLPatchError(.ioError, "cannot write \(path): no unused temporary name beside it")
    }

    /// Removes the file at `path`; whether there was one.
    package static func remove(_ path: String) throws(GQLPatchError) -> Bool {
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw failure("cannot remove", path)
    }

    /// How a folder of ours is left: usable, or not with the reason.
    package enum FolderCheck: Sendable, Equatable {
        case usable
        /// Group or others may enter, list or write it: the mode.
        case tooOpen(folder: String, mode: UInt32)
        case unusable(folder: String, reason: String)
    }

    /// Creates `directory` and the folders above it that are missing, 0700; `ours` (the folders of
    /// gqlpatch's own, `directory` among them) must then be real folders of this user. With `repair`,
    /// one with a wider mode is made 0700; without, it is reported (`tooOpen`).
    package static func makeFolder(_ directory: String, ours: [String], repair: Bool) -> FolderCheck {
        var missing: [String] = []
        var folder = directory
        while !folder.isEmpty, folder != "/", LocalFiles.status(folder) == nil {
            missing.append(folder)
            folder = FilePathText.directory(of: folder)
        }
        for folder in missing.reversed() where mkdir(folder, 0o700) != 0 && errno != EEXIST {
            return .unusable(folder: folder, reason: String(cString: strerror(errno)))
        }
        for folder in ours {
            var info = stat()
            guard lstat(folder, &info) == 0 else {
                return .unusable(folder: folder, reason: String(cString: strerror(errno)))
            }
            guard (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == geteuid() else {
                return .unusable(folder: folder, reason: "it is not a folder of this user")
            }
            let mode = UInt32(info.st_mode) & 0o777
            if !repair, mode & 0o077 != 0 { return .tooOpen(folder: folder, mode: mode) }
            if mode != 0o700 {
                if chmod(folder, 0o700) != 0 {
                    return .unusable(folder: folder, reason: String(cString: strerror(errno)))
                }
            }
        }
        return .usable
    }

    private static func failure(_ what: String, _ path: String) -> GQLPatchError {
        GQLPatchError(.ioError, "\(what) \(path): \(String(cString: strerror(errno)))")
    }

    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(fd, buffer, count)
        #else
            Darwin.read(fd, buffer, count)
        #endif
    }

    private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(fd, buffer, count)
        #else
            Darwin.write(fd, buffer, count)
        #endif
    }
}
