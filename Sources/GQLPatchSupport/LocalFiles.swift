#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real file system, for `RunContext`.
public enum LocalFiles {
    /// Reads a value file named on the command line (`@file`, `--patch`, `--token @`, ...), or standard
    /// input for `-`, within `InputLimit.valueFile`. Errors name the file and the reason (exit 66; too
    /// large or a device, 65).
    @Sendable public static func read(_ path: String) throws(GQLPatchError) -> [UInt8] {
        try read(path, limit: .valueFile)
    }

    /// Reads a schema or config file within `InputLimit.schemaFile`.
    @Sendable public static func readSchema(_ path: String) throws(GQLPatchError) -> [UInt8] {
        try read(path, limit: .schemaFile)
    }

    /// Reads a whole file (or standard input for `-`) of at most `limit.maxBytes`, never more than one
    /// byte past it: a regular file larger than that is refused before a byte is read. A pipe, FIFO or
    /// terminal that sends nothing for `InputLimit.idleMilliseconds` is refused (66). `what` ("schema")
    /// goes before the path in messages.
    public static func read(_ path: String, limit: InputLimit, what: String? = nil) throws(GQLPatchError) -> [UInt8] {
        var input = try InputDescriptor.open(path, what: what, idleMilliseconds: InputLimit.idleMilliseconds)
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
