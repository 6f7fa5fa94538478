import CCurl
import HTTP
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs every HTTP transfer of the process on one thread, through one curl multi handle: connections
/// (and TLS sessions and DNS answers) are kept and reused across requests, and many requests are in
/// flight at once without a thread each. Callers hand in a `CurlTransfer` and are resumed when it ends.
///
/// libcurl is loaded and the loop thread started on the first transfer; the thread lives as long
/// as the process and sleeps in `curl_multi_poll` between transfers.
///
/// The loop is also a `TaskExecutor`: a task that prefers it runs on the loop thread, between curl's
/// steps, so a transfer's end resumes its waiting task without waking another thread (and a batch's
/// whole pipeline runs on the one thread, as curl's own tool does). Such a task must never wait long
/// (on a pipe, a terminal, a lock): every transfer stands still meanwhile.
package final class CurlEventLoop: @unchecked Sendable {
    // @unchecked: `multi` and `running` are used only on the loop thread (after `init`); the queues
    // of new transfers and jobs and the pool of idle easy handles are behind mutexes.

    /// The process's one loop; nil when libcurl cannot be loaded, with the reason in `loadFailure`.
    package static let shared: CurlEventLoop? = gqlpatch_curl_load() == nil ? CurlEventLoop() : nil

    /// Why libcurl could not be loaded (nil when it was).
    package static var loadFailure: String? { gqlpatch_curl_load().map { String(cString: $0) } }

    private let multi: UnsafeMutableRawPointer
    /// Transfers handed in and not yet added to `multi`.
    private let incoming = Mutex<[CurlTransfer]>([])
    /// Easy handles of finished transfers, ready to be reset and reused.
    private let idleHandles = Mutex<[UnsafeMutableRawPointer]>([])
    /// Transfers in `multi`, by easy handle (loop thread only).
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// Whether the loop is (about to be) asleep in `curl_multi_poll`: only then does a new transfer
    /// need to wake it, which costs a write to curl's wake-up socket and a thread wake-up.
    private let sleeping = Atomic<Bool>(false)
    /// Jobs of the tasks that prefer this loop as their executor (`TaskExecutor`), run between
    /// curl's steps.
    private let jobs = Mutex<[UnownedJob]>([])

    /// Only once libcurl is loaded (`gqlpatch_curl_load`).
    private init() {
        multi = gqlpatch_curl_multi_init()!
        // Requests may multiplex over HTTP/2 where the server offers it; over HTTP/1.1 each
        // connection carries one request at a time and stays open for the next.
        gqlpatch_curl_multi_set_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        // Idle connections kept for reuse: more than the most requests in flight (256). curl's own
        // default follows the transfers currently added, so a batch whose requests end and start
        // one by one kept closing connections and opening new ones (311 for 5,000 loopback requests
        // at 64 in flight).
        gqlpatch_curl_multi_set_long(multi, CURLMOPT_MAXCONNECTS, 512)
        // The loop lives as long as the process (the thread holds it); full stack: tasks run on it.
        let started = DetachedThread.start(stackBytes: nil) { [self] in run() }
        precondition(started, "cannot start the HTTP thread")
    }

    /// An easy handle with curl's defaults: a reused one when there is one, else a new one.
    package func makeHandle() -> UnsafeMutableRawPointer {
        if let handle = idleHandles.withLock({ $0.popLast() }) {
            gqlpatch_curl_easy_reset(handle)
            return handle
        }
        return gqlpatch_curl_easy_init()!
    }

    /// Starts `transfer` (its handle fully set up) and waits until it ends.
    package func perform(_ transfer: CurlTransfer) async -> TransferOutcome {
        await withCheckedContinuation { continuation in
            transfer.continuation = continuation
            incoming.withLock { $0.append(transfer) }
            if sleeping.load(ordering: .sequentiallyConsistent) { gqlpatch_curl_multi_wakeup(multi) }
        }
    }

    /// The loop: run the jobs that came in, add the transfers that came in, let curl move every
    /// transfer on, finish those that ended (which enqueues their tasks' jobs), and sleep until a
    /// socket is ready, a timeout is due, or a new transfer or job arrives.
    private func run() {
        gqlpatch_curl_name_thread("gqlpatch-http")
        var stillRunning: Int32 = 0
        while true {
            for job in jobs.withLock({ queue -> [UnownedJob] in
                defer { queue.removeAll(keepingCapacity: true) }
                return queue
            }) {
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
            for transfer in incoming.withLock({ queue -> [CurlTransfer] in
                defer { queue.removeAll(keepingCapacity: true) }
                return queue
            }) {
                running[transfer.handle] = transfer
                let added = gqlpatch_curl_multi_add_handle(multi, transfer.handle)
                if added != CURLM_OK {
                    running[transfer.handle] = nil
                    finish(transfer, result: CURLE_FAILED_INIT)
                }
            }
            gqlpatch_curl_multi_perform(multi, &stillRunning)
            var left: Int32 = 0
            while let message = gqlpatch_curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
                let result = gqlpatch_curl_message_result(message)
                gqlpatch_curl_multi_remove_handle(multi, handle)
                if let transfer = running.removeValue(forKey: handle) { finish(transfer, result: result) }
            }
            // Announce the sleep before the last look at the queues: a transfer or job handed in
            // after that look sees `sleeping` and wakes the poll; one handed in before it is seen here.
            sleeping.store(true, ordering: .sequentiallyConsistent)
            if incoming.withLock({ $0.isEmpty }), jobs.withLock({ $0.isEmpty }) {
                gqlpatch_curl_multi_poll(multi, 1000)
            }
            sleeping.store(false, ordering: .sequentiallyConsistent)
        }
    }

    private func finish(_ transfer: CurlTransfer, result: CURLcode) {
        let outcome = transfer.outcome(result: result)
        let continuation = transfer.continuation
        transfer.continuation = nil
        idleHandles.withLock { $0.append(transfer.handle) }
        continuation?.resume(returning: outcome)
    }
}

extension CurlEventLoop: TaskExecutor {
    /// Queues a job for the loop thread (from any thread, the loop's own included).
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        if sleeping.load(ordering: .sequentiallyConsistent) { gqlpatch_curl_multi_wakeup(multi) }
    }
}
