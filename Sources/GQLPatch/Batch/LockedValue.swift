import Foundation

/// A value shared between tasks, read and written only under a lock.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only touched inside `withValue`, which holds `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withValue<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }

    var current: Value { withValue { $0 } }
}
