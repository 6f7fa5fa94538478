#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The machine's files behind `FileSystem.local`: the bounded read and `stat`.
public enum LocalFiles {
    /// Reads a whole file (or standard input for `-`) of at most `limit.maxBytes`, never more than one
    /// byte past it: a regular file larger than that is refused before a byte is read. A pipe, FIFO or
    /// terminal that sends nothing for `InputLimit.idleMilliseconds` is refused (66).
    @Sendable public static func read(_ path: String, limit: InputLimit) throws(GQLPatchError) -> [UInt8] {
        var input = try InputDescriptor.open(path, idleMilliseconds: InputLimit.idleMilliseconds)
        defer { input.closeDescriptor() }
        var expected = 0
        if case .regularFile(let size) = input.kind {
            guard size <= limit.maxBytes else { throw limit.tooLarge(input.shown) }
            expected = size
        }
        var failure: GQLPatchError?
        // The expected size straight into one byte array (no intermediate copy: schemas are large and
        // read on every run); then whatever is left (streams, growing files), up to one byte past the limit.
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            initialized = 0
            while initialized < buffer.count {
                do throws(GQLPatchError) {
                    let got = try input.readChunk(buffer.baseAddress! + initialized, buffer.count - initialized)
                    if got == 0 { break }
                    initialized += got
                } catch {
                    failure = error
                    break
                }
            }
        }
        if let failure { throw failure }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let room = min(chunk.count, limit.maxBytes + 1 - bytes.count)
            let got = try chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(GQLPatchError) -> Int in try input.readChunk(buffer.baseAddress!, room) }
            }.get()
            if got == 0 { break }
            bytes.append(contentsOf: chunk[..<got])
            if bytes.count > limit.maxBytes { throw limit.tooLarge(input.shown) }
        }
        return bytes
    }

    /// What `path` names (symbolic links followed); nil when `stat` fails (nothing there, a dangling
    /// link, a folder on the way that cannot be searched).
    @Sendable public static func status(_ path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let kind: FileStatus.Kind =
            switch info.st_mode & S_IFMT {
            case S_IFREG: .regularFile
            case S_IFDIR: .directory
            case S_IFIFO: .fifo
            case S_IFCHR: .characterDevice
            case S_IFBLK: .blockDevice
            case S_IFSOCK: .socket
            default: .other
            }
        #if canImport(Darwin)
            let modified = Int(info.st_mtimespec.tv_sec)
        #else
            let modified = Int(info.st_mtim.tv_sec)
        #endif
        return FileStatus(kind: kind, size: Int(info.st_size), mode: UInt32(info.st_mode) & 0o7777, modified: modified)
    }

    /// The working directory, or `.` if it cannot be found.
    public static func currentDirectory() -> String {
        guard let path = getcwd(nil, 0) else { return "." }
        defer { free(path) }
        return String(cString: path)
    }
}
