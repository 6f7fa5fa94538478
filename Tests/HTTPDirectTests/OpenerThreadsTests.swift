import Dispatch
import GQLPatchTestSupport
import HTTP
import Synchronization
import Testing

@testable import HTTPDirect

#if canImport(Glibc)
    import Glibc
#endif

/// The event loop's opener threads: an open never waits behind a busy one, and a thread that has
/// finished one open takes the next instead of a new thread being made.
@Suite struct OpenerThreadsTests {
    @Test func busyThreadsDoNotHoldBackANewOpen() {
        let openers = OpenerThreads()
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        for _ in 0..<3 {
            #expect(
                openers.run {
                    started.signal()
                    release.wait()
                })
        }
        // All three run at once, each on a thread of its own.
        for _ in 0..<3 { #expect(started.wait(timeout: .now() + 10) == .success) }
        for _ in 0..<3 { release.signal() }
    }

    @Test func aFinishedThreadTakesTheNextOpen() {
        let openers = OpenerThreads()
        let threads = Mutex<[String]>([])  // kernel thread ids, not reused as soon as pthread_t values
        for _ in 0..<5 {
            let done = DispatchSemaphore(value: 0)
            #expect(
                openers.run {
                    threads.withLock { $0.append(Self.kernelThreadID()) }
                    done.signal()
                })
            #expect(done.wait(timeout: .now() + 10) == .success)
            // The thread goes back to waiting for the next open before the next is given.
            let deadline = ContinuousClock.now + .seconds(5)
            while !openers.hasWaitingThread, ContinuousClock.now < deadline { usleep(1000) }
        }
        let all = threads.withLock { $0 }
        #expect(all.count == 5)
        #expect(Set(all).count == 1, "one kept thread ran every open")
    }

    /// The calling thread's kernel id, as /proc/thread-self names it (`PID/task/TID`).
    static func kernelThreadID() -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    }
}
