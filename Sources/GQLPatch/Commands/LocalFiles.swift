#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real file system, for `RunContext`.
public enum LocalFiles {
    /// Reads a file, or standard input for `-`. Errors name the file and the reason (exit 66).
    @Sendable public static func read(_ path: String) throws(GQLPatchError) -> [UInt8] {
        if path == "-" {
            guard let bytes = readAll(descriptor: 0) else {
                throw .unreadableFile("cannot read standard input: \(String(cString: strerror(errno)))")
            }
            return bytes
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .unreadableFile("cannot read \(path): no such file")
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw .unreadableFile("cannot read \(path): it is a directory") }
        guard let bytes = readAll(path) else {
            throw .unreadableFile("cannot read \(path): permission denied or unreadable")
        }
        return bytes
    }

    /// The whole file straight into one byte array (no intermediate `Data` copy: schemas are large
    /// and read on every run). Works for files whose size `fstat` does not know (pipes, /dev/null).
    private static func readAll(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return readAll(descriptor: fd)
    }

    /// Everything left to read from `fd`, or nil when a read fails.
    private static func readAll(descriptor fd: Int32) -> [UInt8]? {
        var info = stat()
        let expected = fstat(fd, &info) == 0 ? max(Int(info.st_size), 0) : 0
        var failed = false
        // Read the expected size without zero-filling first; then whatever is left (pipes, growing files).
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            initialized = 0
            while initialized < buffer.count {
                let got = readSome(fd, buffer.baseAddress! + initialized, buffer.count - initialized)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failed = true }
                if got <= 0 { break }
                initialized += got
            }
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while !failed {
            let got = chunk.withUnsafeMutableBytes { readSome(fd, $0.baseAddress!, $0.count) }
            if got < 0, errno == EINTR { continue }
            if got < 0 { failed = true }
            if got <= 0 { break }
            bytes.append(contentsOf: chunk[..<got])
        }
        return failed ? nil : bytes
    }

    /// The C library's `read` (the name `read` here is `LocalFiles.read`).
    private static func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(fd, buffer, count)
        #else
            Darwin.read(fd, buffer, count)
        #endif
    }

    /// Whether `path` names something (symbolic links followed).
    @Sendable public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The working directory, or `.` if it cannot be found.
    public static func currentDirectory() -> String {
        guard let path = getcwd(nil, 0) else { return "." }
        defer { free(path) }
        return String(cString: path)
    }
}
