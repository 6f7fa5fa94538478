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

    /// The entries of the folder at `path` ("." and ".." left out), each kind from the entry's own type
    /// (`lstat` when the file system does not say): a symbolic link is `.other`. More than `maxEntries`
    /// entries fail before the rest are read.
    @Sendable public static func list(_ path: String, maxEntries: Int) throws(GQLPatchError) -> [DirectoryEntry] {
        guard let directory = opendir(path) else {
            let reason = errno == ENOTDIR ? "it is not a folder" : String(cString: strerror(errno))
            throw FileSystem.cannotRead(path, reason)
        }
        defer { closedir(directory) }
        var entries: [DirectoryEntry] = []
        errno = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            guard entries.count < maxEntries else { throw FileSystem.tooManyEntries(path, limit: maxEntries) }
            var kind: DirectoryEntry.Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .regularFile
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_UNKNOWN):
                var info = stat()
                let full = FilePathText.join(path, name)
                guard lstat(full, &info) == 0 else {
                    throw FileSystem.cannotRead(full, String(cString: strerror(errno)))
                }
                switch info.st_mode & S_IFMT {
                case S_IFREG: kind = .regularFile
                case S_IFDIR: kind = .directory
                default: kind = .other
                }
            default: kind = .other
            }
            entries.append(DirectoryEntry(name: name, kind: kind))
            errno = 0
        }
        if errno != 0 { throw FileSystem.cannotRead(path, String(cString: strerror(errno))) }
        return entries
    }

    /// The working directory, or `.` if it cannot be found.
    public static func currentDirectory() -> String {
        guard let path = getcwd(nil, 0) else { return "." }
        defer { free(path) }
        return String(cString: path)
    }
}
