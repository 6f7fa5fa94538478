#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A task executor with a thread of its own: the tasks that prefer it run there, one job at a time,
/// and may block it (`copy`'s export writes into a pipe and waits while the import, which reads it
/// on the shared pool, is behind) without taking a thread from the shared pool, which a pipe's
/// reader may be holding. `finish()` ends the thread once its queue is empty.
package final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` and `finishing` are read and written only under `mutex`.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [UnownedJob] = []
    private var finishing = false

    /// Starts the thread; nil when none can be made.
    package init?() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(wake, nil)
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // The thread holds the executor until it ends.
        let box = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<ThreadExecutor>.fromOpaque(context!).takeRetainedValue().loop()
                return nil
            }, box)
        if started != 0 {
            Unmanaged<ThreadExecutor>.fromOpaque(box).release()
            return nil
        }
    }

    deinit {
        pthread_cond_destroy(wake)
        pthread_mutex_destroy(mutex)
        wake.deallocate()
        mutex.deallocate()
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(mutex)
        jobs.append(job)
        pthread_cond_signal(wake)
        pthread_mutex_unlock(mutex)
    }

    /// Lets the thread end once every job queued is run (the tasks on it are done).
    package func finish() {
        pthread_mutex_lock(mutex)
        finishing = true
        pthread_cond_signal(wake)
        pthread_mutex_unlock(mutex)
    }

    private func loop() {
        while true {
            pthread_mutex_lock(mutex)
            while jobs.isEmpty, !finishing { pthread_cond_wait(wake, mutex) }
            let ready = jobs
            jobs.removeAll(keepingCapacity: true)
            pthread_mutex_unlock(mutex)
            if ready.isEmpty { return }
            for job in ready { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
