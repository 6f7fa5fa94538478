/// Splits a byte stream into lines, a chunk at a time, for JSON Lines input.
///
/// Memory stays flat however long the stream is: the reader keeps only the unfinished tail of
/// the last chunk. A line ends with LF or CRLF (the terminator is not part of the line); the
/// last line may have no terminator and is returned by `finish()`.
///
/// ```swift
/// var reader = JSONLineReader()
/// while let chunk = readChunk() {
///     for line in reader.feed(chunk) where !line.isBlank { process(try line.parse()) }
/// }
/// if let last = reader.finish(), !last.isBlank { process(try last.parse()) }
/// ```
public struct JSONLineReader: Sendable {
    /// Bytes after the last LF seen so far: the start of a line not yet complete.
    private var pending: [UInt8] = []
    /// How many bytes of the unfinished line are held (for a caller that bounds line length).
    public var pendingByteCount: Int { pending.count }
    /// The 1-based number of the next line to be returned.
    public private(set) var nextLineNumber = 1

    public init() {}

    /// Returns the lines that `chunk` completes, in order (possibly none).
    public mutating func feed(_ chunk: [UInt8]) -> [JSONLine] {
        chunk.withUnsafeBufferPointer { feed($0) }
    }

    /// Returns the lines that `chunk` completes, in order (possibly none).
    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) -> [JSONLine] {
        var lines: [JSONLine] = []
        var lineStart = 0
        for i in 0..<chunk.count where chunk[i] == UInt8(ascii: "\n") {
            var bytes: [UInt8]
            if pending.isEmpty {
                bytes = Array(chunk[lineStart..<i])
            } else {
                bytes = pending
                bytes.append(contentsOf: chunk[lineStart..<i])
                pending.removeAll(keepingCapacity: true)
            }
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            lines.append(JSONLine(number: nextLineNumber, bytes: bytes))
            nextLineNumber += 1
            lineStart = i + 1
        }
        pending.append(contentsOf: chunk[lineStart...])
        return lines
    }

    /// Ends the stream: returns the last line if it had no terminating LF (and was not empty).
    /// The reader is then empty and may be reused for a new stream.
    public mutating func finish() -> JSONLine? {
        defer {
            pending = []
            nextLineNumber = 1
        }
        guard !pending.isEmpty else { return nil }
        return JSONLine(number: nextLineNumber, bytes: pending)
    }
}
