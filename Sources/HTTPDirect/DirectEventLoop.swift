import CNet
import GQLPatchSupport
import HTTP
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A batch's requests over gqlpatch's own HTTP/1.1 connections (`DirectConnection`), many in flight
/// on one thread: sockets watched with epoll, sends and receives that never wait, each answer read
/// by `HTTPResponseReader` under the rules `DirectTransport` keeps (and worded alike). Connections
/// are kept and reused per `scheme://host:port`; a new one is opened (DNS, TCP, TLS: blocking steps
/// with the request's deadline) on a thread of its own, so the loop never waits on it.
///
/// Like `CurlEventLoop` it is also a `TaskExecutor`: a batch's tasks run on the loop's thread
/// between its steps, so an answer resumes its task without a thread hand-off. Such a task must
/// never wait long.
///
/// Per request this costs one send, one or two receives and a share of an `epoll_wait`; libcurl's
/// multi interface spent more than a third of a batch's instructions per request.
package final class DirectEventLoop: @unchecked Sendable {
    // @unchecked: everything but the three queues and `sleeping` is used on the loop thread only.

    /// The process's loop, started on first use.
    package static let shared = DirectEventLoop()

    private let epoll: Int32
    /// Written to wake the loop from `epoll_wait` (an eventfd).
    private let wakeDescriptor: Int32
    private let incoming = Mutex<[DirectExchange]>([])
    /// Connections opened by a worker thread (or why not), for the exchange that asked.
    private let opened = Mutex<[(DirectExchange, Result<DirectConnection, DirectConnection.Failure>)]>([])
    /// The threads that open connections for the loop.
    private let openers = OpenerThreads()
    private let jobs = Mutex<[UnownedJob]>([])
    /// Whether the loop is (about to be) asleep in `epoll_wait`: only then does a new exchange or job
    /// need to wake it.
    private let sleeping = Atomic<Bool>(false)

    /// Exchanges using a connection, by its socket.
    private var active: [Int32: DirectExchange] = [:]
    /// Kept connections by key, and by socket (the loop watches them: an idle one that turns
    /// readable was closed by the server, or sent what nobody asked for).
    private var idle: [String: [DirectConnection]] = [:]
    private var idleBySocket: [Int32: DirectConnection] = [:]
    /// What each watched socket is watched for (`readable`, `writable`: 1, 2).
    private var watching: [Int32: Int32] = [:]
    private static let readable: Int32 = 1
    private static let writable: Int32 = 2

    private init() {
        var wake: Int32 = -1
        epoll = gqlpatch_poller_open(&wake)
        wakeDescriptor = wake
        precondition(epoll >= 0, "cannot start the HTTP thread's epoll (errno \(errno))")
        // The loop lives as long as the process (the thread holds it); full stack: tasks run on it.
        let started = DetachedThread.start(stackBytes: nil) { [self] in run() }
        precondition(started, "cannot start the HTTP thread")
    }

    /// Sends the exchange's request and waits for its answer.
    func perform(_ exchange: DirectExchange) async -> Result<TransferOutcome, DirectExchange.Unavailable> {
        await withCheckedContinuation { continuation in
            exchange.continuation = continuation
            incoming.withLock { $0.append(exchange) }
            wakeIfAsleep()
        }
    }

    private func wakeIfAsleep() {
        guard sleeping.load(ordering: .sequentiallyConsistent) else { return }
        gqlpatch_poller_wake(wakeDescriptor)
    }

    // MARK: - The loop

    private func run() {
        gqlpatch_net_name_thread("gqlpatch-http")
        // TLS writes go through write(2): a peer's close must be an error, not SIGPIPE's end.
        var pipeOnly = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeOnly, nil)
        var ready = [Int32](repeating: -1, count: 256)
        while true {
            for job in jobs.withLock({ queue -> [UnownedJob] in
                defer { queue.removeAll(keepingCapacity: true) }
                return queue
            }) {
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
            for exchange in incoming.withLock({ queue -> [DirectExchange] in
                defer { queue.removeAll(keepingCapacity: true) }
                return queue
            }) {
                start(exchange)
            }
            for (exchange, result) in opened.withLock({ queue in
                defer { queue.removeAll(keepingCapacity: true) }
                return queue
            }) {
                connected(exchange, result)
            }
            // Announce the sleep before the last look at the queues (see `CurlEventLoop.run`).
            sleeping.store(true, ordering: .sequentiallyConsistent)
            let busy =
                !incoming.withLock({ $0.isEmpty }) || !jobs.withLock({ $0.isEmpty }) || !opened.withLock({ $0.isEmpty })
            let timeout = busy ? 0 : waitMilliseconds()
            let count = ready.withUnsafeMutableBufferPointer {
                gqlpatch_poller_wait(epoll, wakeDescriptor, $0.baseAddress, Int32($0.count), timeout)
            }
            sleeping.store(false, ordering: .sequentiallyConsistent)
            for index in 0..<max(0, Int(count)) { stirred(ready[index]) }
            expire()
        }
    }

    /// How long the loop may sleep: until the nearest deadline of a request in flight (at most 1 s).
    private func waitMilliseconds() -> Int32 {
        guard !active.isEmpty else { return 1000 }
        let now = gqlpatch_net_now_ms()
        var nearest = now + 1000
        for exchange in active.values where exchange.deadline < nearest { nearest = exchange.deadline }
        return Int32(max(0, nearest - now))
    }

    private func start(_ exchange: DirectExchange) {
        if let connection = takeIdle(exchange.key) {
            let socket = connection.descriptor
            exchange.connection = connection
            exchange.reused = true
            active[socket] = exchange
            send(exchange, socket: socket)
            return
        }
        open(for: exchange)
    }

    /// A kept connection to `key` that may carry a request now; stale ones (closed by the peer,
    /// idle past their limit) are closed on the way, as libcurl checks a connection before reuse.
    private func takeIdle(_ key: String) -> DirectConnection? {
        let now = gqlpatch_net_now_ms()
        while let connection = idle[key]?.popLast() {
            let socket = connection.descriptor
            idleBySocket[socket] = nil
            if connection.usable(now: now) { return connection }
            unwatch(socket)
        }
        return nil
    }

    /// Opens a new connection for the exchange and sends on it.
    private func open(for exchange: DirectExchange) {
        // Opening blocks (DNS, TCP, TLS handshake): an opener thread does it, within the deadline.
        let started = openers.run { [self] in
            let result: Result<DirectConnection, DirectConnection.Failure>
            do throws(DirectConnection.Failure) {
                result = .success(
                    try DirectConnection.open(
                        key: exchange.key, host: exchange.host, port: exchange.port, tls: exchange.tls,
                        certificateAuthorities: exchange.certificateAuthorities, deadline: exchange.deadline))
            } catch {
                result = .failure(error)
            }
            opened.withLock { $0.append((exchange, result)) }
            wakeIfAsleep()
        }
        if !started {
            exchange.finish(
                .success(
                    .failed(
                        TransportFailure(
                            .couldNotConnect, osErrno: Int(EAGAIN),
                            detail: "no thread could be started to open the connection"))))
        }
    }

    private func connected(_ exchange: DirectExchange, _ result: Result<DirectConnection, DirectConnection.Failure>) {
        switch result {
        case .failure(let error):
            if error.result == GQLPATCH_NET_UNAVAILABLE {
                exchange.finish(.failure(DirectExchange.Unavailable(detail: error.detail)))
            } else {
                exchange.finish(.success(.failed(error.failure(.notSent))))
            }
        case .success(let connection):
            let socket = connection.descriptor
            exchange.connection = connection
            active[socket] = exchange
            send(exchange, socket: socket)
        }
    }

    /// Sends what the socket takes; then waits for the answer, or for room to send the rest.
    private func send(_ exchange: DirectExchange, socket: Int32) {
        guard let connection = exchange.connection else { return }
        do {
            let (sent, wait) = try connection.sendSome(exchange.bytes, from: exchange.sent)
            exchange.sent += sent
            if exchange.sent == exchange.bytes.count {
                exchange.sending = false
                watch(socket, for: Self.readable)
            } else {
                // Readable too: an answer may come before the request is all sent (a 413).
                watch(socket, for: wait == .readable ? Self.readable : Self.writable | Self.readable)
            }
        } catch {
            // The server stopped reading: an answer it sent first is the outcome.
            if drainEarlyAnswer(exchange) {
                read(exchange, socket: socket, end: .closed)
                return
            }
            if exchange.reused {
                diedOnKeptConnection(exchange, socket: socket)
                return
            }
            let outcome = sendFailure(exchange, error.failure(.sent))
            finish(exchange, socket: socket, outcome: outcome, reusable: false)
        }
    }

    /// A send that failed: on a kept connection, the server closing it as the request went out.
    private func sendFailure(_ exchange: DirectExchange, _ failure: TransportFailure) -> TransferOutcome {
        if exchange.reused, failure.kind != .timedOut { return DirectTransport.diedBeforeAnswer }
        return .failed(failure)
    }

    /// A kept connection died before any byte of the answer (the keep-alive race): the request goes
    /// once more on a new connection when it may (`HTTPRequest.resendable`); otherwise it ends so.
    private func diedOnKeptConnection(_ exchange: DirectExchange, socket: Int32) {
        guard exchange.resendable, !exchange.resent, exchange.deadline > gqlpatch_net_now_ms() else {
            finish(exchange, socket: socket, outcome: DirectTransport.diedBeforeAnswer, reusable: false)
            return
        }
        active[socket] = nil
        unwatch(socket)
        exchange.restart()
        open(for: exchange)
    }

    private func watch(_ socket: Int32, for events: Int32) {
        let current = watching[socket]
        guard current != events else { return }
        _ = gqlpatch_poller_watch(epoll, socket, events, current == nil ? 0 : 1)
        watching[socket] = events
    }

    private func unwatch(_ socket: Int32) {
        guard watching.removeValue(forKey: socket) != nil else { return }
        _ = gqlpatch_poller_unwatch(epoll, socket)
    }

    private func stirred(_ socket: Int32) {
        if let connection = idleBySocket[socket] {
            // An idle connection stirred: the server closed it (or, over TLS, sent a session ticket).
            if !connection.reusable { drop(idle: connection, socket: socket) }
            return
        }
        guard let exchange = active[socket], let connection = exchange.connection else { return }
        if exchange.sending {
            if earlyAnswered(exchange, socket: socket) { return }
            send(exchange, socket: socket)
            return
        }
        let end: HTTPResponseReader.Received
        do {
            switch try exchange.reader.fill({ buffer throws(DirectConnection.Failure) in
                try connection.receiveSome(into: &buffer)
            }) {
            case .bytes:
                watch(socket, for: Self.readable)  // after a TLS read that wanted to write
                end = .pending
            case .closed:
                end = .closed
            case .later(let readiness):
                watch(socket, for: readiness == .readable ? Self.readable : Self.writable)
                return
            }
        } catch {
            end = .failed(error.kind, osErrno: error.osErrno, detail: error.detail)
        }
        read(exchange, socket: socket, end: end)
    }

    /// While sending: takes what has arrived; when it is a whole answer (the server answered before
    /// the request was all sent), the exchange ends with it and the connection is not kept.
    private func earlyAnswered(_ exchange: DirectExchange, socket: Int32) -> Bool {
        guard let connection = exchange.connection,
            case .bytes? = try? exchange.reader.fill({ buffer throws(DirectConnection.Failure) in
                try connection.receiveSome(into: &buffer)
            })
        else { return false }
        guard let (outcome, _) = exchange.reader.readAvailable(), case .response = outcome else { return false }
        finish(exchange, socket: socket, outcome: outcome, reusable: false)
        return true
    }

    /// After a failed send: takes everything that arrived, read as it comes (so bounded by the
    /// reader's limits); whether anything did.
    private func drainEarlyAnswer(_ exchange: DirectExchange) -> Bool {
        guard let connection = exchange.connection else { return false }
        while case .bytes? = try? exchange.reader.fill({ buffer throws(DirectConnection.Failure) in
            try connection.receiveSome(into: &buffer)
        }) {
            if exchange.reader.readAvailable() != nil { break }  // whole, or refused
        }
        return exchange.reader.answered
    }

    /// Reads the answer from what arrived; `end` is what the reader is told after those bytes: more
    /// may come (`.pending`), the connection closed, or it failed.
    private func read(_ exchange: DirectExchange, socket: Int32, end: HTTPResponseReader.Received) {
        guard let (outcome, reusable) = exchange.reader.readAvailable(end: end) else { return }
        if exchange.reused, !exchange.reader.answered, case .failed(let failure) = outcome,
            failure.stage != .notSent, failure.kind != .timedOut
        {
            diedOnKeptConnection(exchange, socket: socket)
            return
        }
        finish(exchange, socket: socket, outcome: outcome, reusable: reusable)
    }

    /// Requests whose deadline passed while sending or awaiting the answer (one being opened has the
    /// deadline of its own steps).
    private func expire() {
        guard !active.isEmpty else { return }
        let now = gqlpatch_net_now_ms()
        // The words `gqlpatch_net_send` and `_receive` give a deadline that passed.
        let detail = "the deadline passed"
        for (socket, exchange) in active where exchange.deadline <= now {
            if exchange.sending {
                let outcome = sendFailure(exchange, TransportFailure(.timedOut, stage: .sent, detail: detail))
                finish(exchange, socket: socket, outcome: outcome, reusable: false)
            } else {
                read(exchange, socket: socket, end: .failed(.timedOut, osErrno: 0, detail: detail))
            }
        }
    }

    private func finish(_ exchange: DirectExchange, socket: Int32, outcome: TransferOutcome, reusable: Bool) {
        active[socket] = nil
        // A connection whose request was not all sent carries no other.
        if let connection = exchange.connection, reusable, !exchange.sending {
            if case .response(let response) = outcome {
                connection.keep(after: response, now: gqlpatch_net_now_ms())
            } else {
                connection.keep(after: nil, now: gqlpatch_net_now_ms())
            }
            idle[exchange.key, default: []].append(connection)
            idleBySocket[socket] = connection
            watch(socket, for: Self.readable)
        } else {
            unwatch(socket)
        }
        exchange.connection = nil
        exchange.finish(.success(outcome))
    }

    private func drop(idle connection: DirectConnection, socket: Int32) {
        unwatch(socket)
        idleBySocket[socket] = nil
        idle[connection.key]?.removeAll { $0 === connection }
    }
}

extension DirectEventLoop: TaskExecutor {
    /// Queues a job for the loop thread (from any thread, the loop's own included).
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        wakeIfAsleep()
    }
}
