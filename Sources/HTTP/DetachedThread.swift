#if canImport(Glibc)
    import Glibc
#endif

/// Starts a thread of its own: an event loop's, or a blocking step's (opening a connection: DNS,
/// TCP, TLS) so that the loop never waits on it. Not Dispatch's pool: it runs as many blocking
/// steps at once as there are cores, and a batch opens up to `-j` connections at once, each a round
/// trip or three.
package enum DetachedThread {
    /// What the new thread runs (a C start routine cannot capture a closure).
    private final class Body: Sendable {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }

    /// Starts `body` on a new detached thread; false (and `body` not run) when none can be made.
    /// `stackBytes`: the thread's stack (nil: the system's default); the default suits a step a few
    /// C calls deep.
    package static func start(stackBytes: Int? = 256 << 10, _ body: @escaping @Sendable () -> Void) -> Bool {
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackBytes { pthread_attr_setstacksize(&attributes, stackBytes) }
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        let started = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, box)
        if started != 0 { Unmanaged<Body>.fromOpaque(box).release() }
        return started == 0
    }
}
