import GQLPatchClient
import GQLPatchRecords
import GQLPatchSupport
import JSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The keys a selection picked (a bulk write), one JSON object per line, in a file rather than
/// in memory, so that a million of them cost no more than a few: read whole before the first write
/// (never writing while paging the same listing), then read back as the batch's source. Kept beside
/// a journal (`PATH.keys`, put in place only when whole) so that a resumed run goes on over the same
/// records; otherwise a private file that is removed as soon as it is made (nothing is left behind,
/// even by a process that is killed).
package final class SelectionSpool {
    // Not Sendable: owned by the one task that plans and then drives a batch.
    /// The keys' file in messages and in the journal.
    package let name: String
    private var fd: Int32
    private var buffer: [UInt8] = []
    /// Keys written (or, for a spool opened again, read).
    package private(set) var count = 0
    /// A kept spool: where it goes when whole, and its name until then.
    private let keptPath: String?
    private var writingPath: String?

    private init(fd: Int32, name: String, keptPath: String?, writingPath: String?) {
        self.fd = fd
        self.name = name
        self.keptPath = keptPath
        self.writingPath = writingPath
    }

    deinit {
        close(fd)
        if let writingPath { unlink(writingPath) }
    }

    /// Bytes gathered before a write.
    static let flushBytes = 1 << 16

    /// A new spool: kept at `path` once whole (beside a journal), or, with nil, a private file in
    /// `folder` that no name leads to.
    /// A kept spool is never written over: `wording` names the way to go on with it.
    package static func create(keeping path: String?, folder: String, wording: any InputWording)
        throws(GQLPatchError) -> SelectionSpool
    {
        var status = stat()
        if let path, lstat(path, &status) == 0 {
            throw .usage(
                "\(path) already exists (the keys a run selected, beside its journal): pass \(wording.name(.resume)) to continue that run, or remove it and the journal"
            )
        }
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let writing = path.map { "\($0).tmp-\(getpid())-\(random)" } ?? "\(folder)/gqlpatch-keys-\(getpid())-\(random)"
        let fd = open(writing, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw GQLPatchError(.ioError, "cannot create \(writing) for the selected keys: \(Self.reason())")
        }
        if path == nil {
            unlink(writing)  // private from here on: only this descriptor reaches it
            return SelectionSpool(fd: fd, name: "<selection>", keptPath: nil, writingPath: nil)
        }
        return SelectionSpool(fd: fd, name: path!, keptPath: path, writingPath: writing)
    }

    /// The kept spool of a stopped run (to resume it), its keys counted.
    package static func resumed(kept path: String) throws(GQLPatchError) -> SelectionSpool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            throw GQLPatchError(
                .unreadableFile,
                "cannot read \(path): \(reason()) (the keys a journaled run selected; resume with the journal it was written beside)"
            )
        }
        let spool = SelectionSpool(fd: fd, name: path, keptPath: nil, writingPath: nil)
        let lines = try spool.lines()
        while let line = try lines.next() {
            if !line.isBlank { spool.count += 1 }
        }
        return spool
    }

    /// Whether anything is at `path` (a kept spool, its journal), a symbolic link included.
    package static func isThere(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Adds one key (or a cascade's line).
    package func append(_ key: JSONObject) throws(GQLPatchError) {
        JSONValue.object(key).write(to: &buffer, pretty: false)
        buffer.append(UInt8(ascii: "\n"))
        count += 1
        if buffer.count >= Self.flushBytes { try flush() }
    }

    /// Writes what is gathered, and puts a kept spool in place (synced first: a journal that names
    /// its lines must never outlive them).
    package func seal() throws(GQLPatchError) {
        try flush()
        guard let keptPath, let writingPath else { return }
        guard fsync(fd) == 0, rename(writingPath, keptPath) == 0 else {
            throw GQLPatchError(.ioError, "cannot write \(keptPath): \(Self.reason())")
        }
        self.writingPath = nil
    }

    /// The keys from the first, as lines.
    package func lines() throws(GQLPatchError) -> BatchLineSource {
        guard lseek(fd, 0, SEEK_SET) == 0 else {
            throw GQLPatchError(.ioError, "cannot read \(name) again: \(Self.reason())")
        }
        var status = stat()
        let size = fstat(fd, &status) == 0 ? Int(status.st_size) : 0
        return BatchLineSource(regularFile: fd, size: size, name: name)
    }

    private func flush() throws(GQLPatchError) {
        var written = 0
        while written < buffer.count {
            let got = buffer.withUnsafeBytes { raw in write(fd, raw.baseAddress! + written, raw.count - written) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                throw GQLPatchError(.ioError, "cannot write the selected keys (\(name)): \(Self.reason())")
            }
            written += got
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
