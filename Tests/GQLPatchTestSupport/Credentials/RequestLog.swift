import Foundation
import GQLPatchClient
import GQLPatchSupport
import HTTP

/// The requests a `RecordingTransport` saw, in order.
package final class RequestLog: @unchecked Sendable {
    package init() {}

    // @unchecked: both arrays are only touched while holding `lock`.
    private let lock = NSLock()
    private var storedRequests: [HTTPRequest] = []
    private var storedTimeouts: [Double] = []

    package func append(_ request: HTTPRequest, timeout: Double) {
        lock.lock()
        defer { lock.unlock() }
        storedRequests.append(request)
        storedTimeouts.append(timeout)
    }

    package var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return storedRequests
    }

    package var timeouts: [Double] {
        lock.lock()
        defer { lock.unlock() }
        return storedTimeouts
    }
}
