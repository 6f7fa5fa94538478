import GQLPatchOperations
import GQLPatchSupport
import JSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the lines of a JSON Lines file or of standard input a chunk at a time, so memory stays flat
/// whatever the input's length. A file can be read again from the start (`rewind`); standard input once.
package final class BatchLineSource {
    // Not Sendable: owned and read by the one task that drives a batch.
    private var input: InputDescriptor
    private var reader = JSONLineReader()
    private var pending: [JSONLine] = []
    private var pendingIndex = 0
    private var ended = false
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// The most bytes one line may hold (`InputLimit.line`).
    private let lineLimit: InputLimit
    /// The input's name in messages: the path, or `<stdin>`.
    package let name: String
    /// Rewrites each line as it is read (`import`: export lines into the `apply` lines it sends), so
    /// the run, its journal and its resume all see the rewritten line; nil: the lines as they are.
    package var transform: (@Sendable (JSONLine) -> JSONLine)?
    /// Holds the input to its export seal when set: the header and the end line are passed on as
    /// blank lines (read here, never sent), and at the end a file cut short or changed is refused.
    package var seal: ExportSealPolicy?
    private var sealCheck = ExportSealCheck()
    /// The first read judged the seal: a read again after `rewind` only passes the seal lines over.
    private var sealJudged = false
    /// What the lines read so far say of the input as an export.
    package var sealVerdict: ExportSealVerdict { sealCheck.verdict }

    /// Opens `path`, or standard input for `-`. A missing or unreadable file, or a FIFO nobody writes
    /// to, is `.unreadableFile` (66); a device, or a file larger than `fileLimit`, is `.invalidInput` (65).
    /// `regularFileOnly` refuses pipes and FIFOs too (the journal, which is written back).
    /// Once a stream has a writer, it is read as lines arrive, however slowly.
    package init(
        path: String, fileLimit: InputLimit? = nil, lineLimit: InputLimit = .line, regularFileOnly: Bool = false
    ) throws(GQLPatchError) {
        input = try InputDescriptor.open(path, idleMilliseconds: nil)
        name = path == "-" ? "<stdin>" : path
        self.lineLimit = lineLimit
        switch input.kind {
        case .regularFile(let size):
            if let fileLimit, size > fileLimit.maxBytes {
                input.closeDescriptor()
                throw fileLimit.tooLarge(path)
            }
        case .stream:
            if regularFileOnly {
                input.closeDescriptor()
                throw .invalidInput("\(path) is not a regular file (a pipe or FIFO)")
            }
        }
    }

    /// Reads an open regular file of `size` bytes that stays its owner's (the journal on `--resume`).
    package init(regularFile descriptor: Int32, size: Int, name: String) {
        input = InputDescriptor.adopting(regularFile: descriptor, size: size, shown: name)
        lineLimit = .line
        self.name = name
    }

    deinit {
        input.closeDescriptor()
    }

    /// The next line (blank lines included, so numbers stay right), or nil at the end.
    package func next() throws(GQLPatchError) -> JSONLine? {
        while pendingIndex >= pending.count {
            if ended {
                if !sealJudged { try seal?.check(sealCheck.verdict, input: name) }
                return nil
            }
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            let count = try buffer.withUnsafeMutableBytes { raw in
                Result { () throws(GQLPatchError) -> Int in try input.readChunk(raw.baseAddress!, raw.count) }
            }.get()
            if count == 0 {
                ended = true
                if let last = reader.finish() { pending.append(last) }
                continue
            }
            pending = buffer.withUnsafeBufferPointer { reader.feed(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            // A line without its end (`/dev/zero`, one endless line) stops at the limit instead of filling memory.
            if let long = pending.first(where: { $0.bytes.count > lineLimit.maxBytes }) {
                throw tooLong(long.number)
            }
            if reader.pendingByteCount > lineLimit.maxBytes { throw tooLong(reader.nextLineNumber) }
        }
        defer { pendingIndex += 1 }
        var line = pending[pendingIndex]
        if seal != nil, sealCheck.add(line) == .seal { line.bytes = [] }
        guard let transform else { return line }
        return transform(line)
    }

    private func tooLong(_ line: Int) -> GQLPatchError {
        .invalidInput(
            "\(name):\(line): error: the line is too long: over \(lineLimit.sizeText), the limit for \(lineLimit.name) (see README, Limits)"
        )
    }

    /// Starts again from the first line (files only).
    package func rewind() throws(GQLPatchError) {
        guard input.rewind() else {
            throw .unreadableFile("cannot read \(name) a second time")
        }
        reader = JSONLineReader()
        // Read to its end, the file was judged (`checkWhole` stops before the end only by throwing).
        sealJudged = sealJudged || ended
        sealCheck = ExportSealCheck(digesting: false)
        pending = []
        pendingIndex = 0
        ended = false
    }
}
