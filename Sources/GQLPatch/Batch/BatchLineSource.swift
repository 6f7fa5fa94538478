import JSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the lines of a JSON Lines file or of standard input a chunk at a time, so memory stays flat
/// whatever the input's length. A file can be read again from the start (`rewind`); standard input once.
final class BatchLineSource {
    // Not Sendable: owned and read by the one task that drives a batch.
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var reader = JSONLineReader()
    private var pending: [JSONLine] = []
    private var pendingIndex = 0
    private var ended = false
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// The input's name in messages: the path, or `<stdin>`.
    let name: String

    /// Opens `path`, or standard input for `-`. A missing or unreadable file is `.unreadableFile` (66).
    init(path: String) throws(GQLPatchError) {
        if path == "-" {
            descriptor = 0
            ownsDescriptor = false
            name = "<stdin>"
            return
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .unreadableFile("cannot read \(path): no such file")
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw .unreadableFile("cannot read \(path): it is a directory") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadableFile("cannot read \(path): \(String(cString: strerror(errno)))") }
        descriptor = fd
        ownsDescriptor = true
        name = path
    }

    /// Reads an open descriptor that stays its owner's (the journal on `--resume`).
    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        ownsDescriptor = false
        self.name = name
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// The next line (blank lines included, so numbers stay right), or nil at the end.
    func next() throws(GQLPatchError) -> JSONLine? {
        while pendingIndex >= pending.count {
            if ended { return nil }
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadableFile("cannot read \(name): \(String(cString: strerror(errno)))")
            }
            if count == 0 {
                ended = true
                if let last = reader.finish() { pending.append(last) }
                continue
            }
            pending = buffer.withUnsafeBufferPointer { reader.feed(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        }
        defer { pendingIndex += 1 }
        return pending[pendingIndex]
    }

    /// Starts again from the first line (files only).
    func rewind() throws(GQLPatchError) {
        guard ownsDescriptor, lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw .unreadableFile("cannot read \(name) a second time")
        }
        reader = JSONLineReader()
        pending = []
        pendingIndex = 0
        ended = false
    }
}
