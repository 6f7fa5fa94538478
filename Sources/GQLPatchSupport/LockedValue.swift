import Synchronization

/// A value shared between tasks, read and written only under a lock.
package final class LockedValue<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    package init(_ value: Value) {
        storage = Mutex(value)
    }

    package func withValue<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        storage.withLock { body(&$0) }
    }

    package var current: Value { withValue { $0 } }
}
