import GQLPatchSupport
import JSON
import Synchronization

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
/// - a write about to be sent: `{"line": 12, "digest": "...", "sending": "update", "expect": {...}}`,
///   written and fsynced before the request leaves: a line with such an entry and no done entry may
///   have been applied before the crash, so `--resume` reads its record first (`expect`: the fields
///   the record holds once the write lands, the key and `_version` left out; absent for a delete, or
///   when the values hold a secret the run sent).
///
/// A last line cut short by a crash is dropped when the journal is resumed. The file holds previous
/// values and whole deleted records, and its undo entries are executed by a rollback: it is created
/// 0600, never through a symbolic link, and one that another user owns or can write is refused
/// (`BatchJournalCheck` then binds each undo entry to its input line).
package final class BatchJournal: @unchecked Sendable {
    // @unchecked: `secrets` is set before the run starts; every write goes through `lock`. Done lines
    // are written by the task that drives the batch, the writes about to be sent by the lines' tasks.
    package static let formatVersion = 1

    /// A write recorded as about to be sent (`"sending"`) for a line with no done entry.
    package struct Intent: Sendable, Equatable {
        package var digest: String
        /// "create", "update", "touch", "delete" or "call" (a custom mutation).
        package var write: String
        /// The fields the record holds once the write has landed; nil when not recorded.
        package var expect: JSONObject?

        package init(digest: String, write: String, expect: JSONObject?) {
            self.digest = digest
            self.write = write
            self.expect = expect
        }
    }

    /// What a journal says about the run that wrote it.
    package struct State: Sendable, Equatable {
        package var input: String
        package var atomic: Bool
        /// Done lines and their digests.
        package var done: [Int: String] = [:]
        /// `--atomic`: the undo of each applied line, in the order applied (rolled-back lines removed).
        package var undo: [UndoEntry] = []
        /// The journal line that records each done line (for messages).
        package var entryLines: [Int: Int] = [:]
        /// Writes recorded as about to be sent, by line (the last one of each line), of lines not done.
        package var sending: [Int: Intent] = [:]
    }

    package struct UndoEntry: Sendable, Equatable {
        package var line: Int
        package var action: UndoAction
        /// The journal line it was read from; 0 for an entry of this run.
        package var journalLine = 0

        package init(line: Int, action: UndoAction, journalLine: Int = 0) {
            self.line = line
            self.action = action
            self.journalLine = journalLine
        }
    }

    package let path: String
    private let descriptor: Int32
    private let lock = Mutex(())
    /// The secrets the run sent (`SecretScrubber`): an entry holding one is not written (the journal
    /// is a file gqlpatch writes, and no secret goes into one, whatever a server echoes back).
    package var secrets: SecretScrubber?

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Starts a new journal; refuses to overwrite one that holds entries (that needs `--resume`).
    /// A new file is made 0600 (`O_EXCL`); an empty one that is there already (`mktemp`) is used
    /// if it passes the same checks as a resumed one, and made 0600. `wording` names the way to
    /// continue a run (`--resume`).
    package static func create(path: String, input: String, atomic: Bool, wording: any InputWording)
        throws(GQLPatchError) -> BatchJournal
    {
        var fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_APPEND | O_CLOEXEC, 0o600)
        if fd < 0, errno == EEXIST {
            (fd, _) = try openExisting(path, flags: O_WRONLY | O_APPEND)
            var info = stat()
            if fstat(fd, &info) == 0, info.st_size > 0 {
                close(fd)
                throw .usage(
                    "the journal \(path) already exists: pass \(wording.name(.resume)) to continue that run, or remove the file"
                )
            }
            if fchmod(fd, 0o600) != 0 {
                close(fd)
                throw .unreadableFile("cannot write \(path): \(String(cString: strerror(errno)))")
            }
        } else if fd < 0 {
            throw .unreadableFile("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let journal = BatchJournal(path: path, descriptor: fd)
        let header = JSONValue.object(
            JSONObject([
                ("gqlpatchJournal", .int(formatVersion)), ("input", .string(input)), ("atomic", .bool(atomic)),
            ]))
        try journal.append(header)
        return journal
    }

    /// Opens an existing journal to continue it: reads its state and drops a torn last line.
    package static func resume(path: String) throws(GQLPatchError) -> (BatchJournal, State) {
        let (fd, size) = try openExisting(path, flags: O_RDWR | O_APPEND)
        let journal = BatchJournal(path: path, descriptor: fd)
        let source = BatchLineSource(regularFile: fd, size: size, name: path)
        let (state, goodLength) = try read(path: path, next: source.next)
        if ftruncate(fd, off_t(goodLength)) != 0 {
            throw .unreadableFile("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return (journal, state)
    }

    /// Opens a journal that is there already, without following a symbolic link, and checks that it
    /// is a regular file of this user that no one else can write (a rollback executes what it says).
    private static func openExisting(_ path: String, flags: Int32) throws(GQLPatchError) -> (Int32, Int) {
        let fd = open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT: throw .unreadableFile("cannot read \(path): no such file (the journal to resume)")
            case ELOOP:
                throw .invalidInput(
                    "the journal \(path) is a symbolic link; refusing to follow it (give the file's own path)")
            default: throw .unreadableFile("cannot open the journal \(path): \(String(cString: strerror(errno)))")
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .unreadableFile("cannot open the journal \(path): \(reason)")
        }
        let refusal: String? =
            if info.st_mode & S_IFMT != S_IFREG {
                "is not a regular file"
            } else if info.st_uid != geteuid() {
                "belongs to another user (uid \(info.st_uid))"
            } else if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
                "can be written by other users (mode \(octal(info.st_mode & 0o7777))): chmod go-w \(path)"
            } else if Int(info.st_size) > InputLimit.journal.maxBytes {
                "is too large: over \(InputLimit.journal.sizeText), the limit for \(InputLimit.journal.name) (see README, Limits)"
            } else {
                nil
            }
        if let refusal {
            close(fd)
            throw .invalidInput("the journal \(path) \(refusal); refusing to use it")
        }
        // Reads and writes block as usual; O_NONBLOCK only kept `open` from waiting on a FIFO.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return (fd, Int(info.st_size))
    }

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The state a journal's lines record and the length of its whole lines in bytes.
    package static func read(path: String, next: () throws(GQLPatchError) -> JSONLine?) throws(GQLPatchError) -> (
        State, Int
    ) {
        var state: State?
        var length = 0
        while let line = try next() {
            let value: JSONValue
            do {
                value = try line.parse()
            } catch {
                // Only the last line may be torn (a crash while writing it).
                if try next() == nil { break }
                throw .invalidInput(
                    "\(path):\(error.line):\(error.column): error: the journal is damaged: \(error.message)")
            }
            length += line.bytes.count + 1
            guard var next = state else {
                guard value["gqlpatchJournal"]?.intValue == formatVersion, let input = value["input"]?.stringValue
                else {
                    throw .invalidInput(
                        "\(path):1: error: not a gqlpatch apply journal (no {\"gqlpatchJournal\": \(formatVersion), ...} header)"
                    )
                }
                state = State(input: input, atomic: value["atomic"]?.boolValue ?? false)
                continue
            }
            try entry(value, at: line.number, path: path, into: &next)
            state = next
        }
        guard let state else {
            throw .invalidInput("\(path):1: error: not a gqlpatch apply journal (it is empty)")
        }
        return (state, length)
    }

    /// Reads one entry into the state. Anything gqlpatch does not write is damage: a rollback must
    /// never run an entry it half understood.
    private static func entry(_ value: JSONValue, at journalLine: Int, path: String, into state: inout State)
        throws(GQLPatchError)
    {
        func damaged(_ problem: String) -> GQLPatchError {
            .invalidInput("\(path):\(journalLine): error: the journal is damaged: \(problem)")
        }
        guard let number = value["line"]?.intValue, number >= 1 else {
            throw damaged("an entry without a line number (\"line\": 1 or more)")
        }
        if value["rolledBack"] == .bool(true) {
            guard state.done[number] != nil else { throw damaged("line \(number) is rolled back but was not applied") }
            state.done[number] = nil
            state.entryLines[number] = nil
            if let index = state.undo.lastIndex(where: { $0.line == number }) { state.undo.remove(at: index) }
            return
        }
        guard let digest = value["digest"]?.stringValue else { throw damaged("line \(number) has no digest") }
        if let write = value["sending"] {
            guard let write = write.stringValue, ["create", "update", "touch", "delete", "call"].contains(write) else {
                throw damaged("line \(number) is sending a write gqlpatch does not write")
            }
            guard state.done[number] == nil else { throw damaged("line \(number) is sending after it was done") }
            let expect = value["expect"]
            guard expect == nil || expect?.objectValue != nil else {
                throw damaged("line \(number) expects something other than an object")
            }
            state.sending[number] = Intent(digest: digest, write: write, expect: expect?.objectValue)
            return
        }
        guard let status = value["status"]?.stringValue.flatMap(LineStatus.init(rawValue:)), status.isDone else {
            throw damaged("line \(number) has no status of a done line")
        }
        guard state.done[number] == nil else { throw damaged("line \(number) is recorded as done twice") }
        if let undo = value["undo"] {
            guard state.atomic else {
                throw damaged("line \(number) has an undo, but the journal was not written for an atomic run")
            }
            guard status.isApplied, let action = UndoAction(json: undo) else {
                throw damaged("line \(number) has an undo gqlpatch does not write")
            }
            state.undo.append(UndoEntry(line: number, action: action, journalLine: journalLine))
        }
        state.done[number] = digest
        state.entryLines[number] = journalLine
        state.sending[number] = nil
    }

    /// Records a done line (with its undo for `--atomic`).
    package func record(_ result: LineResult) throws(GQLPatchError) {
        var entry = JSONObject([
            ("line", .int(result.line)), ("digest", .string(result.digest)),
            ("status", .string(result.status.rawValue)),
        ])
        if let undo = result.undo { entry["undo"] = undo.json() }
        var bytes: [UInt8] = []
        JSONValue.object(entry).write(to: &bytes, pretty: false)
        if let secrets, secrets.holdsSecret(bytes) {
            // Only the undo can hold one: the previous values the server answered with.
            throw GQLPatchError(
                .badResponse,
                "line \(result.line): the record's previous values, as the server answered, hold a credential gqlpatch sent "
                    + "(a server echoing request headers?); they are not written to the journal \(path), and the run stops"
            )
        }
        try append(.object(entry))
    }

    /// Records a write about to be sent for `line`, before it is sent. Values that hold a secret the
    /// run sent are left out (`expect` absent): the resumed run then reads the record and sends again.
    package func recordSending(line: Int, digest: String, write: String, expect: JSONObject?) throws(GQLPatchError) {
        var entry = JSONObject([("line", .int(line)), ("digest", .string(digest)), ("sending", .string(write))])
        if let expect {
            var bytes: [UInt8] = []
            JSONValue.object(expect).write(to: &bytes, pretty: false)
            if secrets?.holdsSecret(bytes) != true { entry["expect"] = .object(expect) }
        }
        try append(.object(entry))
    }

    /// Records that a line's change was undone.
    package func recordRollback(line: Int) throws(GQLPatchError) {
        try append(.object(JSONObject([("line", .int(line)), ("rolledBack", .bool(true))])))
    }

    /// Writes one entry and its newline, then fsyncs.
    private func append(_ value: JSONValue) throws(GQLPatchError) {
        var bytes: [UInt8] = []
        value.write(to: &bytes, pretty: false)
        bytes.append(UInt8(ascii: "\n"))
        try lock.withLock { _ throws(GQLPatchError) in
            if let failure = DescriptorWrite.durably(bytes, to: descriptor) {
                throw .unreadableFile("cannot write the journal \(path): \(String(cString: strerror(failure)))")
            }
        }
    }
}
