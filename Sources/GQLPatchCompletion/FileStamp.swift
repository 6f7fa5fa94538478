#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat` says about a path, as far as telling a changed file goes: absent, or its device,
/// inode, size and modification and change times (nanoseconds). The completion cache keeps one for
/// every file its answer depended on and trusts itself only while they are all still the same.
package struct FileStamp: Sendable, Equatable {
    package var isPresent: Bool
    package var device: UInt64 = 0
    package var inode: UInt64 = 0
    package var size: Int64 = 0
    package var modifiedSeconds: Int64 = 0
    package var modifiedNanoseconds: Int64 = 0
    package var changedSeconds: Int64 = 0
    package var changedNanoseconds: Int64 = 0

    package static let absent = FileStamp(isPresent: false)

    /// The path's stamp now (symbolic links followed, as the loaders' reads follow them); nil when
    /// `stat` cannot tell (a permission problem, say) or the path is neither a regular file nor a folder
    /// (a pipe or FIFO's content is not told by its times): such a file cannot vouch for a cache.
    package static func current(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .absent : nil
        }
        // A folder is stamped too: it is a dependency by its listing (a `schema/` folder), and its times
        // change when an entry is added, removed or renamed.
        guard info.st_mode & S_IFMT == S_IFREG || info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return FileStamp(
            isPresent: true, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modifiedSeconds: Int64(info.st_mtim.tv_sec), modifiedNanoseconds: Int64(info.st_mtim.tv_nsec),
            changedSeconds: Int64(info.st_ctim.tv_sec), changedNanoseconds: Int64(info.st_ctim.tv_nsec))
    }

    /// Whether the file changed so shortly before `instant` (nanoseconds since 1970) that a change
    /// right after it could keep the same times: file times come from a clock that ticks every few
    /// milliseconds (every second or two on some file systems, whose times then have no nanoseconds),
    /// so a write in the same tick as our read would go unnoticed. Such a file is not cached (as git
    /// treats "racily clean" index entries); the next completion caches it.
    package func isRecent(before instant: Int64) -> Bool {
        guard isPresent else { return false }
        let coarse = modifiedNanoseconds == 0 && changedNanoseconds == 0
        let margin: Int64 = coarse ? 2_500_000_000 : 50_000_000
        let latest = max(
            modifiedSeconds * 1_000_000_000 + modifiedNanoseconds, changedSeconds * 1_000_000_000 + changedNanoseconds)
        return latest >= instant - margin
    }

    /// The real-time clock now, in nanoseconds since 1970 (the clock file times come from).
    package static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// `-` when absent, else the seven numbers separated by tabs (the cache file's form).
    package var text: String {
        guard isPresent else { return "-" }
        return [
            String(device), String(inode), String(size), String(modifiedSeconds), String(modifiedNanoseconds),
            String(changedSeconds), String(changedNanoseconds),
        ].joined(separator: "\t")
    }

    /// Reads `text`'s form back; nil for anything else.
    package init?(text fields: [Substring]) {
        if fields == ["-"] {
            self = .absent
            return
        }
        guard fields.count == 7, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
            let size = Int64(fields[2]),
            let modified = Int64(fields[3]), let modifiedNanoseconds = Int64(fields[4]), let changed = Int64(fields[5]),
            let changedNanoseconds = Int64(fields[6])
        else { return nil }
        self.init(
            isPresent: true, device: device, inode: inode, size: size, modifiedSeconds: modified,
            modifiedNanoseconds: modifiedNanoseconds, changedSeconds: changed, changedNanoseconds: changedNanoseconds)
    }

    package init(
        isPresent: Bool, device: UInt64 = 0, inode: UInt64 = 0, size: Int64 = 0, modifiedSeconds: Int64 = 0,
        modifiedNanoseconds: Int64 = 0, changedSeconds: Int64 = 0, changedNanoseconds: Int64 = 0
    ) {
        self.isPresent = isPresent
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
        self.changedSeconds = changedSeconds
        self.changedNanoseconds = changedNanoseconds
    }
}
