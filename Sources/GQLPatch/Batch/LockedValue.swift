import Synchronization

/// A value shared between tasks, read and written only under a lock.
final class LockedValue<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) {
        storage = Mutex(value)
    }

    func withValue<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        storage.withLock { body(&$0) }
    }

    var current: Value { withValue { $0 } }
}
