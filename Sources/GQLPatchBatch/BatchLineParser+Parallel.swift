import Dispatch
import JSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension BatchLineParser {
    /// The cores a chunk of lines is parsed on (at most 4: past that the chunk is too small to share).
    static let parsingThreads: Int = max(1, min(4, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// Each line's entry (an operation or a call) or error, in the order of `lines`: parsed on up to `parsingThreads`
    /// threads at once (each line's parse is independent of the others), so checking a file whole
    /// before anything is sent takes half the time on two cores.
    package func parseAll(_ lines: [JSONLine]) -> [Result<BatchEntry, BatchLineError>] {
        let threads = lines.count >= 256 ? Self.parsingThreads : 1
        guard threads > 1 else {
            return lines.map { line in Result { () throws(BatchLineError) in try parseEntry(line) } }
        }
        var results = [Result<BatchEntry, BatchLineError>?](repeating: nil, count: lines.count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each thread writes only its own stretch of the buffer.
            nonisolated(unsafe) let slots = buffer
            let stretch = (lines.count + threads - 1) / threads
            DispatchQueue.concurrentPerform(iterations: threads) { part in
                for index in part * stretch..<min(lines.count, (part + 1) * stretch) {
                    slots[index] = Result { () throws(BatchLineError) in try parseEntry(lines[index]) }
                }
            }
        }
        return results.map { $0! }
    }
}
