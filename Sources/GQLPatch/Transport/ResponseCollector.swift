import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession delegate of `URLSessionTransport`: collects each task's body as it arrives and
/// cancels the task as soon as the body (or its announced `Content-Length`) passes the limit, so an
/// oversized response is never held in memory; refuses every redirect, so the 3xx response itself
/// comes back and credentials are never sent on to another host.
final class ResponseCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: `tasks` is only touched under `lock`.

    /// How a task ended.
    enum Outcome: Sendable {
        case response(Data, URLResponse?)
        case failure(any Error)
        case oversized
    }

    /// One task's body so far. A class, so appending to `data` never copies the buffer.
    private final class State {
        var data = Data()
        let limit: Int
        var oversized = false
        let continuation: CheckedContinuation<Outcome, Never>

        init(limit: Int, continuation: CheckedContinuation<Outcome, Never>) {
            self.limit = limit
            self.continuation = continuation
        }
    }

    private let lock = NSLock()
    private var tasks: [Int: State] = [:]

    /// Starts `task` and waits for its outcome.
    func collect(_ task: URLSessionDataTask, limit: Int) async -> Outcome {
        await withCheckedContinuation { continuation in
            lock.withLock { tasks[task.taskIdentifier] = State(limit: limit, continuation: continuation) }
            task.resume()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = lock.withLock { () -> Bool in
            guard let state = tasks[dataTask.taskIdentifier] else { return false }
            if response.expectedContentLength > Int64(state.limit) { state.oversized = true }
            return state.oversized
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = lock.withLock { () -> Bool in
            guard let state = tasks[dataTask.taskIdentifier], !state.oversized else { return false }
            if state.data.count + data.count > state.limit {
                state.oversized = true
                state.data = Data()
            } else {
                state.data.append(data)
            }
            return state.oversized
        }
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let state = lock.withLock({ tasks.removeValue(forKey: task.taskIdentifier) }) else { return }
        if state.oversized {
            state.continuation.resume(returning: .oversized)
        } else if let error {
            state.continuation.resume(returning: .failure(error))
        } else {
            state.continuation.resume(returning: .response(state.data, task.response))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
