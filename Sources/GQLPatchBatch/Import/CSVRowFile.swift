import CSV
import GQLPatchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The records of a CSV or TSV file, read in chunks as they are needed (never the whole file in
/// memory), each refusal of the reader worded `FILE:LINE:COLUMN: ...` (exit 65). A file can be read
/// again from its start (`rewind`): standard input cannot.
package final class CSVRowFile {
    /// The file in messages (`items.csv`, `<stdin>`).
    package let name: String
    package let dialect: CSVDialect
    private var input: InputDescriptor
    private var reader: CSVReader
    private var pending: [CSVRecord] = []
    private var pendingIndex = 0
    private var ended = false
    private var buffer = [UInt8](repeating: 0, count: 64 << 10)

    package init(path: String, dialect: CSVDialect) throws(GQLPatchError) {
        input = try InputDescriptor.open(path, idleMilliseconds: nil)
        name = path == "-" ? "<stdin>" : path
        self.dialect = dialect
        reader = CSVReader(dialect: dialect)
    }

    private init(input: InputDescriptor, name: String, dialect: CSVDialect) {
        self.input = input
        self.name = name
        self.dialect = dialect
        reader = CSVReader(dialect: dialect)
    }

    /// The most standard input is spooled: larger is refused.
    package static let maximumSpooledBytes = 4 << 30

    /// Standard input copied to a private file in `folder` that no name leads to (so it can be read
    /// twice: checked whole, then sent), every write checked, at most `maximumSpooledBytes`.
    package static func spoolingStandardInput(folder: String, dialect: CSVDialect) throws(GQLPatchError) -> CSVRowFile {
        var input = try InputDescriptor.open("-", idleMilliseconds: nil)
        defer { input.closeDescriptor() }
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let path = "\(folder)/gqlpatch-stdin-\(getpid())-\(random)"
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw GQLPatchError(
                .ioError, "cannot create \(path) to hold standard input: \(String(cString: strerror(errno)))")
        }
        unlink(path)  // private from here on: only this descriptor reaches it
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var total = 0
        while true {
            let count = try buffer.withUnsafeMutableBytes { raw in
                Result { () throws(GQLPatchError) -> Int in try input.readChunk(raw.baseAddress!, raw.count) }
            }.get()
            if count == 0 { break }
            total += count
            guard total <= maximumSpooledBytes else {
                close(fd)
                throw .invalidInput("standard input is larger than \(maximumSpooledBytes >> 30) GiB; give a file")
            }
            var written = 0
            while written < count {
                let done = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + written, count - written) }
                if done < 0, errno == EINTR { continue }
                guard done > 0 else {
                    let reason = String(cString: strerror(errno))
                    close(fd)
                    throw GQLPatchError(.ioError, "cannot hold standard input in \(folder): \(reason)")
                }
                written += done
            }
        }
        guard lseek(fd, 0, SEEK_SET) == 0 else {
            close(fd)
            throw GQLPatchError(.ioError, "cannot read back standard input: \(String(cString: strerror(errno)))")
        }
        return CSVRowFile(
            input: InputDescriptor.adopting(regularFile: fd, size: total, shown: "<stdin>", owning: true),
            name: "<stdin>",
            dialect: dialect)
    }

    deinit {
        input.closeDescriptor()
    }

    /// The next record, or nil at the end.
    package func next() throws(GQLPatchError) -> CSVRecord? {
        while pendingIndex >= pending.count {
            if ended { return nil }
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            let count = try buffer.withUnsafeMutableBytes { raw in
                Result { () throws(GQLPatchError) -> Int in try input.readChunk(raw.baseAddress!, raw.count) }
            }.get()
            do {
                if count == 0 {
                    ended = true
                    pending = try reader.finish()
                } else {
                    pending = try reader.feed(buffer[0..<count])
                }
            } catch {
                throw .invalidInput("\(name):\(error.line):\(error.column): \(error.message)")
            }
        }
        defer { pendingIndex += 1 }
        return pending[pendingIndex]
    }

    /// Starts again from the first record (files only).
    package func rewind() throws(GQLPatchError) {
        guard input.rewind() else { throw .unreadableFile("cannot read \(name) a second time") }
        reader = CSVReader(dialect: dialect)
        pending = []
        pendingIndex = 0
        ended = false
    }
}
