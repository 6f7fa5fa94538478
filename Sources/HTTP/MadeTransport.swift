/// A transport made for a configuration, with the executor of its own thread.
public struct MadeTransport: Sendable {
    public var transport: any HTTPTransport
    /// Runs tasks on the transport's own thread, for a batch whose every step is cheap and short;
    /// nil: the default executor.
    public var executor: (any TaskExecutor)?

    public init(_ transport: any HTTPTransport, executor: (any TaskExecutor)? = nil) {
        self.transport = transport
        self.executor = executor
    }
}
