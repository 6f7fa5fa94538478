import AWSSigning
import FoundationEssentials
import GQLPatchSupport
import JSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An undo log as a file: read back whole into its runs and entries (`undo`), and the checks that
/// come before appending to one (`UndoLog.begin`). Anything gqlpatch does not write is damage and
/// refused with its line: `undo` must never act on a line it half understood. Only the last line
/// may be torn (a write cut by `kill -9`); it is dropped with a note.
package struct UndoLogFile: Sendable {
    package var path: String
    package var runs: [UndoLogRun] = []
    /// In the order they were logged.
    package var entries: [UndoLogEntry] = []
    /// The number of a torn last line that was passed over.
    package var tornLine: Int?

    /// Reads the whole log (at most `InputLimit.undoLog`, lines at most `InputLimit.line`).
    package static func read(_ path: String) throws(GQLPatchError) -> UndoLogFile {
        let fd = try openExisting(path, flags: O_RDONLY)
        defer { close(fd) }
        var reader = JSONLineReader()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var lines: [JSONLine] = []
        var ended = false
        var index = 0
        func nextLine() throws(GQLPatchError) -> JSONLine? {
            while index >= lines.count {
                if ended { return nil }
                let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw .unreadableFile("cannot read the undo log \(path): \(String(cString: strerror(errno)))")
                }
                index = 0
                if count == 0 {
                    ended = true
                    lines = reader.finish().map { [$0] } ?? []
                    continue
                }
                lines = buffer.withUnsafeBufferPointer { reader.feed(UnsafeBufferPointer(rebasing: $0[0..<count])) }
                if reader.pendingByteCount > InputLimit.line.maxBytes
                    || lines.contains(where: { $0.bytes.count > InputLimit.line.maxBytes })
                {
                    throw .invalidInput(
                        "\(path):\(reader.nextLineNumber): error: the line is too long: over \(InputLimit.line.sizeText), the limit for \(InputLimit.line.name)"
                    )
                }
            }
            defer { index += 1 }
            return lines[index]
        }
        return try parse(path: path, next: nextLine)
    }

    /// The log whose lines `next` gives, in order (nil at the end); `path` names it in messages.
    package static func parse(path: String, next nextLine: () throws(GQLPatchError) -> JSONLine?)
        throws(GQLPatchError) -> UndoLogFile
    {
        var log = UndoLogFile(path: path)
        var order: [String: Int] = [:]
        var sawHeader = false
        var byRunEntry: [String: Int] = [:]
        while let line = try nextLine() {
            func damaged(_ problem: String) -> GQLPatchError {
                .invalidInput("\(path):\(line.number): error: the undo log is damaged: \(problem)")
            }
            if line.isBlank { continue }
            let value: JSONValue
            do {
                value = try line.parse()
            } catch {
                // Only the last line may be torn (a run killed while writing it).
                if try nextLine() == nil {
                    log.tornLine = line.number
                    break
                }
                throw damaged(error.message)
            }
            guard sawHeader else {
                guard value["gqlpatchUndoLog"]?.intValue == UndoLog.formatVersion else {
                    throw .invalidInput(
                        "\(path):\(line.number): error: not a gqlpatch undo log (no {\"gqlpatchUndoLog\": \(UndoLog.formatVersion)} header)"
                    )
                }
                sawHeader = true
                continue
            }
            guard let run = value["run"]?.stringValue else { throw damaged("a line without a run id") }
            if let started = value["started"]?.stringValue {
                guard let command = value["command"]?.stringValue, let endpoint = value["endpoint"]?.stringValue,
                    order[run] == nil
                else { throw damaged("a run header gqlpatch does not write") }
                order[run] = log.runs.count
                log.runs.append(
                    UndoLogRun(id: run, started: started, command: command, endpoint: endpoint, line: line.number))
                continue
            }
            guard let runIndex = order[run] else { throw damaged("an entry of run \(run), which has no header") }
            guard let number = value["entry"]?.intValue, number >= 1 else {
                throw damaged("an entry without a number")
            }
            let id = run + " " + String(number)
            if let write = value["write"]?.stringValue {
                guard ["create", "update", "touch", "delete"].contains(write), let model = value["model"]?.stringValue,
                    let fields = value["fields"]?.arrayValue, fields.allSatisfy({ $0.stringValue != nil }),
                    byRunEntry[id] == nil
                else { throw damaged("a write gqlpatch does not log") }
                let key = value["key"]?.objectValue
                let before = value["before"]?.objectValue
                guard key != nil || write == "create", before != nil || write == "create" else {
                    throw damaged("a \(write) without its key or the record before it")
                }
                byRunEntry[id] = log.entries.count
                log.entries.append(
                    UndoLogEntry(
                        line: line.number, run: run, entry: number, endpoint: log.runs[runIndex].endpoint,
                        write: write, model: model, key: key, before: before,
                        fields: fields.compactMap(\.stringValue), sends: value["sends"]?.objectValue,
                        outcome: .inDoubt, digest: digest(line.bytes)))
                continue
            }
            guard let at = byRunEntry[id], log.entries[at].outcome == .inDoubt else {
                throw damaged("an answer to entry \(number) of run \(run), which was not logged or was answered")
            }
            if value["refused"] == .bool(true) {
                log.entries[at].outcome = .refused
            } else if let after = value["after"]?.objectValue {
                log.entries[at].outcome = .landed(after: after)
            } else if value["landed"] == .bool(true) {
                log.entries[at].outcome = .landed(after: nil)
            } else {
                throw damaged("an answer gqlpatch does not log")
            }
        }
        guard sawHeader else { throw .invalidInput("\(path):1: error: not a gqlpatch undo log (it is empty)") }
        return log
    }

    static func digest(_ bytes: [UInt8]) -> String {
        var hash = SHA256()
        bytes.withUnsafeBytes { hash.update(bufferPointer: $0) }
        return String(hash.finalize().hexString.prefix(15))
    }

    package static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// Opens an existing log without following a symbolic link, and checks that it is a regular file
    /// of this user that nobody else can read or write (it holds records, and `undo` acts on it).
    static func openExisting(_ path: String, flags: Int32) throws(GQLPatchError) -> Int32 {
        let fd = open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT: throw .unreadableFile("cannot read the undo log \(path): no such file")
            case ELOOP:
                throw .invalidInput(
                    "the undo log \(path) is a symbolic link; refusing to follow it (give the file's own path)")
            default: throw .unreadableFile("cannot open the undo log \(path): \(String(cString: strerror(errno)))")
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .unreadableFile("cannot open the undo log \(path): \(reason)")
        }
        let refusal: String? =
            if info.st_mode & S_IFMT != S_IFREG {
                "is not a regular file"
            } else if info.st_uid != geteuid() {
                "belongs to another user (uid \(info.st_uid))"
            } else if info.st_mode & 0o077 != 0 {
                "can be read or written by other users (mode \(String(info.st_mode & 0o7777, radix: 8))): chmod 600 \(path)"
            } else if Int(info.st_size) > InputLimit.undoLog.maxBytes {
                "is too large: over \(InputLimit.undoLog.sizeText), the limit for \(InputLimit.undoLog.name) (see README, Limits)"
            } else {
                nil
            }
        if let refusal {
            close(fd)
            throw .invalidInput("the undo log \(path) \(refusal); refusing to use it")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Refuses to append to a file whose first line is not an undo log's header.
    static func checkHeader(_ fd: Int32, path: String) throws(GQLPatchError) {
        let expected = Array("{\"gqlpatchUndoLog\":\(UndoLog.formatVersion)}\n".utf8)
        var head = [UInt8](repeating: 0, count: expected.count)
        let count = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, 0) }
        guard count == expected.count, head == expected else {
            throw .invalidInput(
                "\(path) is not a gqlpatch undo log (its first line is not {\"gqlpatchUndoLog\": \(UndoLog.formatVersion)}); give a new file or an undo log"
            )
        }
    }

    /// Cuts a torn last line (no newline: a run killed while writing it) so the next line starts clean.
    /// The torn line was being written when the run stopped: a write's first line is complete before
    /// the write is sent, so nothing sent is lost with it (an answer's line lost leaves the write in
    /// doubt, which `undo` settles by reading the record).
    static func dropTornTail(_ fd: Int32, path: String) throws(GQLPatchError) {
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw .unreadableFile("cannot read the undo log \(path): \(String(cString: strerror(errno)))")
        }
        var end = Int(info.st_size)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var keep = end
        scan: while end > 0 {
            let start = max(0, end - chunk.count)
            let count = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, end - start, off_t(start)) }
            guard count == end - start else {
                throw .unreadableFile("cannot read the undo log \(path): \(String(cString: strerror(errno)))")
            }
            for i in stride(from: count - 1, through: 0, by: -1) where chunk[i] == UInt8(ascii: "\n") {
                keep = start + i + 1
                break scan
            }
            end = start
            keep = 0
        }
        guard keep < Int(info.st_size) else { return }
        if ftruncate(fd, off_t(keep)) != 0 {
            throw .unreadableFile("cannot write the undo log \(path): \(String(cString: strerror(errno)))")
        }
    }
}
