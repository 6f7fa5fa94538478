import Foundation
import GQLPatchCLI
import GQLPatchBatch
import GQLPatchRecords
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchClient
import GQLPatchSupport

/// The requests a `RecordingTransport` saw, in order.
final class RequestLog: @unchecked Sendable {
    // @unchecked: both arrays are only touched while holding `lock`.
    private let lock = NSLock()
    private var storedRequests: [HTTPRequest] = []
    private var storedTimeouts: [Double] = []

    func append(_ request: HTTPRequest, timeout: Double) {
        lock.lock()
        defer { lock.unlock() }
        storedRequests.append(request)
        storedTimeouts.append(timeout)
    }

    var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return storedRequests
    }

    var timeouts: [Double] {
        lock.lock()
        defer { lock.unlock() }
        return storedTimeouts
    }
}
