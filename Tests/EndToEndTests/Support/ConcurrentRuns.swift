import Foundation

/// Runs several gqlpatch processes against one emulator at the same moment: every process is
/// launched from its own thread once all threads are ready, and all are awaited.
enum ConcurrentRuns {
    static func run(_ emulator: Emulator, _ argumentLists: [[String]], schema: String) throws -> [ProcessResult] {
        let results = Results(count: argumentLists.count)
        let ready = DispatchGroup()
        let finished = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for (index, arguments) in argumentLists.enumerated() {
            ready.enter()
            finished.enter()
            let thread = Thread {
                ready.leave()
                start.wait()
                results.set(index, Result { try emulator.gqlpatch(arguments, schema: schema) })
                finished.leave()
            }
            thread.start()
        }
        ready.wait()
        for _ in argumentLists { start.signal() }
        finished.wait()
        return try results.all()
    }

    /// The results, filled in from several threads.
    private final class Results: @unchecked Sendable {
        // @unchecked: every access holds `lock`.
        private let lock = NSLock()
        private var values: [Result<ProcessResult, any Error>?]

        init(count: Int) { values = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Result<ProcessResult, any Error>) {
            lock.lock()
            values[index] = value
            lock.unlock()
        }

        func all() throws -> [ProcessResult] {
            lock.lock()
            defer { lock.unlock() }
            return try values.map { value in
                guard let value else { throw HarnessError("a concurrent run did not report") }
                return try value.get()
            }
        }
    }
}
