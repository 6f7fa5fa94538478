import Foundation

/// The real file system, for `RunContext`.
public enum LocalFiles {
    /// Reads a file, or standard input for `-`. Errors name the file and the reason (exit 66).
    @Sendable public static func read(_ path: String) throws(GQLPatchError) -> [UInt8] {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return [UInt8](data)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadableFile("cannot read \(path): no such file")
        }
        if isDirectory.boolValue { throw .unreadableFile("cannot read \(path): it is a directory") }
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
        var info = stat()
        let expected = fstat(fd, &info) == 0 ? max(Int(info.st_size), 0) : 0
        var failed = false
        // Read the expected size without zero-filling first; then whatever is left (pipes, growing files).
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            initialized = 0
            while initialized < buffer.count {
                let got = Foundation.read(fd, buffer.baseAddress! + initialized, buffer.count - initialized)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failed = true }
                if got <= 0 { break }
                initialized += got
            }
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while !failed {
            let got = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, $0.count) }
            if got < 0, errno == EINTR { continue }
            if got < 0 { failed = true }
            if got <= 0 { break }
            bytes.append(contentsOf: chunk[..<got])
        }
        return failed ? nil : bytes
    }

    @Sendable public static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    public static func currentDirectory() -> String {
        FileManager.default.currentDirectoryPath
    }
}
