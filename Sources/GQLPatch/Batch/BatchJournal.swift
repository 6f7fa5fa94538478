import JSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--journal PATH`: a JSON Lines file recording each line that is done, written and fsynced before
/// the line's result is printed, so that `--resume` after a crash, SIGKILL or Ctrl-C skips exactly the
/// lines already applied.
///
/// Format (one JSON object a line):
/// - first line, the header: `{"gqlpatchJournal": 1, "input": "changes.jsonl", "atomic": false}`
/// - a done line: `{"line": 12, "digest": "9f86d081884c7d6", "status": "updated"}`, plus `"undo": {...}`
///   (an `UndoAction`) with `--atomic`; `digest` is the start of the SHA-256 of the input line, checked on resume
/// - an undone line (`--atomic` rollback): `{"line": 12, "rolledBack": true}`, which makes it not done again.
///
/// A last line cut short by a crash is dropped when the journal is resumed.
final class BatchJournal {
    // Not Sendable: written only by the task that drives the batch.
    static let formatVersion = 1

    /// What a journal says about the run that wrote it.
    struct State: Sendable, Equatable {
        var input: String
        var atomic: Bool
        /// Done lines and their digests.
        var done: [Int: String] = [:]
        /// `--atomic`: the undo of each applied line, in the order applied (rolled-back lines removed).
        var undo: [UndoEntry] = []
    }

    struct UndoEntry: Sendable, Equatable {
        var line: Int
        var action: UndoAction
    }

    let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Starts a new journal; refuses to overwrite one that holds entries (that needs `--resume`).
    static func create(path: String, input: String, atomic: Bool) throws(GQLPatchError) -> BatchJournal {
        var info = stat()
        if stat(path, &info) == 0, info.st_size > 0 {
            throw .usage("the journal \(path) already exists: pass --resume to continue that run, or remove the file")
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .unreadableFile("cannot write \(path): \(String(cString: strerror(errno)))") }
        let journal = BatchJournal(path: path, descriptor: fd)
        let header = JSONValue.object(JSONObject([
            ("gqlpatchJournal", .int(formatVersion)), ("input", .string(input)), ("atomic", .bool(atomic)),
        ]))
        try journal.append(header)
        return journal
    }

    /// Opens an existing journal to continue it: reads its state and drops a torn last line.
    static func resume(path: String) throws(GQLPatchError) -> (BatchJournal, State) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .unreadableFile("cannot read \(path): no such file (the journal to resume)")
        }
        let (state, goodLength) = try read(path: path)
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadableFile("cannot write \(path): \(String(cString: strerror(errno)))") }
        if ftruncate(fd, off_t(goodLength)) != 0 {
            close(fd)
            throw .unreadableFile("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return (BatchJournal(path: path, descriptor: fd), state)
    }

    /// The state a journal records and the length of its whole lines in bytes.
    static func read(path: String) throws(GQLPatchError) -> (State, Int) {
        let source = try BatchLineSource(path: path, fileLimit: .journal, regularFileOnly: true)
        var state: State?
        var length = 0
        while let line = try source.next() {
            let value: JSONValue
            do {
                value = try line.parse()
            } catch {
                // Only the last line may be torn (a crash while writing it).
                if try source.next() == nil { break }
                throw .invalidInput("\(path):\(error.line):\(error.column): error: the journal is damaged: \(error.message)")
            }
            length += line.bytes.count + 1
            guard let current = state else {
                guard value["gqlpatchJournal"]?.intValue == formatVersion, let input = value["input"]?.stringValue else {
                    throw .invalidInput("\(path):1: error: not a gqlpatch apply journal (no {\"gqlpatchJournal\": \(formatVersion), ...} header)")
                }
                state = State(input: input, atomic: value["atomic"]?.boolValue ?? false)
                continue
            }
            var next = current
            guard let number = value["line"]?.intValue else {
                throw .invalidInput("\(path):\(line.number): error: the journal is damaged: an entry without \"line\"")
            }
            if value["rolledBack"] == .bool(true) {
                next.done[number] = nil
                if let index = next.undo.lastIndex(where: { $0.line == number }) { next.undo.remove(at: index) }
            } else {
                next.done[number] = value["digest"]?.stringValue ?? ""
                if let undo = value["undo"], let action = UndoAction(json: undo) {
                    next.undo.append(UndoEntry(line: number, action: action))
                }
            }
            state = next
        }
        guard let state else {
            throw .invalidInput("\(path):1: error: not a gqlpatch apply journal (it is empty)")
        }
        return (state, length)
    }

    /// Records a done line (with its undo for `--atomic`).
    func record(_ result: LineResult) throws(GQLPatchError) {
        var entry = JSONObject([("line", .int(result.line)), ("digest", .string(result.digest)), ("status", .string(result.status.rawValue))])
        if let undo = result.undo { entry["undo"] = undo.json() }
        try append(.object(entry))
    }

    /// Records that a line's change was undone.
    func recordRollback(line: Int) throws(GQLPatchError) {
        try append(.object(JSONObject([("line", .int(line)), ("rolledBack", .bool(true))])))
    }

    /// Writes one entry and its newline, then fsyncs.
    private func append(_ value: JSONValue) throws(GQLPatchError) {
        var bytes: [UInt8] = []
        value.write(to: &bytes, pretty: false)
        bytes.append(UInt8(ascii: "\n"))
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
        guard ok, fsync(descriptor) == 0 else {
            throw .unreadableFile("cannot write the journal \(path): \(String(cString: strerror(errno)))")
        }
    }
}
