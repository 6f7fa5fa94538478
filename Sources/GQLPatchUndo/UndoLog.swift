import FoundationEssentials
import GQLPatchRecords
import GQLPatchSupport
import JSON
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The undo log being written (`--undo-log FILE`): for each write, a line before it is sent (the
/// record as read before it, or none for a create) and a line once its answer is known, each
/// fsynced before going on, so a `kill -9` loses at most the line being written (a torn last line,
/// dropped when the log is next opened). Runs append to the same file, each under its own id. The
/// file is 0600; it holds records, never a credential: a line holding a secret the run sent
/// (a server echoing a header into a record) is not written, and the write is not sent.
package final class UndoLog: UndoRecording {
    package static let formatVersion = 1
    package let path: String
    /// This run's id in every line (`undo --run ID`).
    package let run: String
    /// The API the run writes to: `undo` refuses to put records back elsewhere unless told.
    package let endpoint: String
    private let descriptor: Int32
    private let secrets: SecretScrubber?
    /// Lines waiting to be written, and how far the file is durable (`append`).
    private let queue = Mutex(Queue())
    /// Held by the one writer flushing the queue.
    private let flushing = Mutex(())
    /// The thread the flushes run on, so that a task waiting for its line to be durable suspends
    /// rather than blocking its thread (a batch's tasks share the HTTP event loop's); nil when no
    /// thread could be made (the flush then runs where the caller is).
    private let writer = ThreadExecutor()

    /// What `append` shares: lines are numbered as queued (tickets) and durable up to `flushed`.
    private struct Queue {
        var bytes: [UInt8] = []
        var queued = 0
        var flushed = 0
        /// The errno of a failed flush: the log is broken and every later line fails too.
        var failure: Int32?
        /// The run's writes so far (their entry numbers).
        var entries = 0
    }

    private init(path: String, run: String, endpoint: String, descriptor: Int32, secrets: SecretScrubber?) {
        self.path = path
        self.run = run
        self.endpoint = endpoint
        self.descriptor = descriptor
        self.secrets = secrets
    }

    deinit {
        writer?.finish()
        close(descriptor)
    }

    /// Opens `path` to append a run to (creating it 0600), after checking an existing one is an undo
    /// log of this user that nobody else can read or write, and dropping a torn last line. The run's
    /// header line says when, which command and which endpoint. The file stays locked while the run
    /// writes: two runs never interleave their lines.
    package static func begin(
        path: String, command: String, endpoint: String, secrets: SecretScrubber?, now: Date = Date()
    ) throws(GQLPatchError) -> UndoLog {
        var fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_APPEND | O_CLOEXEC, 0o600)
        var fresh = fd >= 0
        if fd < 0, errno == EEXIST {
            fd = try UndoLogFile.openExisting(path, flags: O_RDWR | O_APPEND)
            var info = stat()
            fresh = fstat(fd, &info) == 0 && info.st_size == 0
        } else if fd < 0 {
            throw .unreadableFile("cannot write the undo log \(path): \(String(cString: strerror(errno)))")
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            close(fd)
            throw GQLPatchError(
                .unavailable,
                "the undo log \(path) is being written by another gqlpatch run; wait for it, or give another file")
        }
        if !fresh {
            do throws(GQLPatchError) {
                try UndoLogFile.checkHeader(fd, path: path)
                try UndoLogFile.dropTornTail(fd, path: path)
            } catch {
                close(fd)
                throw error
            }
        }
        let run = runID(now)
        let log = UndoLog(path: path, run: run, endpoint: endpoint, descriptor: fd, secrets: secrets)
        if fresh { try log.append(.object(JSONObject([("gqlpatchUndoLog", .int(formatVersion))]))) }
        try log.append(
            .object(
                JSONObject([
                    ("run", .string(run)), ("started", .string(UndoLogFile.timestamp(now))),
                    ("command", .string(command)), ("endpoint", .string(endpoint)),
                ])))
        return log
    }

    /// `20261207T120102Z-3f9a1c`: sortable, and unique enough for runs into one file.
    private static func runID(_ now: Date) -> String {
        let stamp = UndoLogFile.timestamp(now).filter { $0 != "-" && $0 != ":" }
        return stamp + "-" + UUID().uuidString.lowercased().prefix(6)
    }

    package func sending(_ write: LoggedWrite) async throws(GQLPatchError) -> Int {
        let entry = queue.withLock { (queue: inout Queue) -> Int in
            queue.entries += 1
            return queue.entries
        }
        var object = JSONObject([
            ("run", .string(run)), ("entry", .int(entry)), ("write", .string(write.write)),
            ("model", .string(write.model)),
        ])
        object["key"] = write.key.map(JSONValue.object) ?? .null
        object["before"] = write.before.map(JSONValue.object) ?? .null
        object["fields"] = .array(write.fields.map(JSONValue.string))
        if let sends = write.sends { object["sends"] = .object(sends) }
        let bytes = line(.object(object))
        if let secrets, secrets.holdsSecret(bytes) {
            throw GQLPatchError(
                .badResponse,
                "the record as the server answered holds a credential gqlpatch sent (a server echoing request headers?); it is not written to the undo log \(path), and the write was not sent"
            )
        }
        try await append(bytes)
        return entry
    }

    package func landed(_ entry: Int, after: JSONObject) async throws(GQLPatchError) {
        var object = JSONObject([("run", .string(run)), ("entry", .int(entry)), ("after", .object(after))])
        var bytes = line(.object(object))
        if let secrets, secrets.holdsSecret(bytes) {
            // Landed, but its answer is not kept: undo reads the record to tell what the write left.
            object["after"] = nil
            object["landed"] = .bool(true)
            bytes = line(.object(object))
        }
        try await append(bytes)
    }

    package func refused(_ entry: Int) async throws(GQLPatchError) {
        try await append(
            line(.object(JSONObject([("run", .string(run)), ("entry", .int(entry)), ("refused", .bool(true))]))))
    }

    private func line(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        value.write(to: &bytes, pretty: false)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// A line of the run's header, written before any write is sent.
    private func append(_ value: JSONValue) throws(GQLPatchError) {
        try flush(upTo: try enqueue(line(value)))
    }

    /// Appends a whole line and returns once it is on disk (fsynced). Group commit: a writer queues
    /// its line, then flushes on the writer thread; the first flush there writes every line queued
    /// so far with one fsync, and those whose lines it carried find them durable and return. With
    /// `-j` writes in flight, one fsync serves many lines, and none returns before its own line is
    /// durable.
    private func append(_ bytes: [UInt8]) async throws(GQLPatchError) {
        let ticket = try enqueue(bytes)
        guard let writer else { return try flush(upTo: ticket) }
        try await withTaskExecutorPreference(writer) { () async throws(GQLPatchError) in
            try self.flush(upTo: ticket)
        }
    }

    /// Queues a line; its ticket.
    private func enqueue(_ bytes: [UInt8]) throws(GQLPatchError) -> Int {
        try queue.withLock { (queue: inout Queue) throws(GQLPatchError) -> Int in
            if let failure = queue.failure { throw broken(failure) }
            queue.bytes.append(contentsOf: bytes)
            queue.queued += 1
            return queue.queued
        }
    }

    /// Makes the lines up to `ticket` durable: at once when a flush carried them, else by writing
    /// every line queued with one fsync.
    private func flush(upTo ticket: Int) throws(GQLPatchError) {
        try flushing.withLock { _ throws(GQLPatchError) in
            let (batch, upTo) = try queue.withLock {
                (queue: inout Queue) throws(GQLPatchError) -> ([UInt8], Int) in
                if queue.flushed >= ticket { return ([], queue.flushed) }
                if let failure = queue.failure { throw broken(failure) }
                defer { queue.bytes.removeAll(keepingCapacity: true) }
                return (queue.bytes, queue.queued)
            }
            guard !batch.isEmpty else { return }
            let failure = DescriptorWrite.durably(batch, to: descriptor)
            queue.withLock { (queue: inout Queue) in
                if let failure { queue.failure = failure } else { queue.flushed = upTo }
            }
            if let failure { throw broken(failure) }
        }
    }

    private func broken(_ failure: Int32) -> GQLPatchError {
        .unreadableFile(
            "cannot write the undo log \(path): \(String(cString: strerror(failure))); stopped before sending more")
    }
}
