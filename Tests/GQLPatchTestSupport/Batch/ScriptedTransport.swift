import Foundation
import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import HTTP

/// A fake transport for the batch tests: answers requests from a script, in order (the last answer
/// repeats), and counts them and keeps their bodies.
package final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: `script` and `count` are only touched while holding `lock`.
    package enum Answer: Sendable {
        case status(Int, headers: [String: String] = [:], body: String = "")
        case graphQL(String)
        case error(GQLPatchError)
    }

    private let lock = NSLock()
    private var script: [Answer]
    private var count = 0
    private var bodies: [String] = []

    package init(_ script: [Answer]) {
        self.script = script
    }

    package var requests: Int { lock.withLock { count } }
    /// The bodies sent, in order.
    package var sent: [String] { lock.withLock { bodies } }

    package func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        let answer: Answer = lock.withLock {
            count += 1
            bodies.append(String(decoding: request.body, as: UTF8.self))
            return script.count > 1 ? script.removeFirst() : script[0]
        }
        switch answer {
        case .status(let status, let headers, let body):
            return HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
        case .graphQL(let body): return HTTPResponse(status: 200, body: Array(body.utf8))
        case .error(let error): throw error
        }
    }
}
