/// Reads CSV or TSV incrementally: bytes are fed as they arrive (a chunk may end anywhere, inside a
/// quoted field or between CR and LF), complete records come back. Strict where a typed import needs
/// it to be: a quote inside an unquoted CSV field, text after a closing quote, a quote never closed,
/// a carriage return not followed by a line feed, and a field that is not UTF-8 are refused with
/// their line and field; a UTF-8 byte-order mark at the very start is skipped. Every field, record
/// and field count is bounded (`CSVLimits`). Records of different lengths are the caller's to judge.
public struct CSVReader: Sendable {
    public let dialect: CSVDialect
    public let limits: CSVLimits

    private enum State: Sendable {
        /// At the start of a field (nothing of it read yet).
        case fieldStart
        /// In an unquoted field.
        case unquoted
        /// In a quoted field.
        case quoted
        /// In a quoted field, just after a quote: the closing one, or the first of a doubled pair.
        case quoteInQuoted
        /// After a closing quote and before the separator or the line's end.
        case afterQuote
    }

    private var state = State.fieldStart
    /// A carriage return read (outside quotes); the next byte must be a line feed.
    private var sawCR = false
    private var field: [UInt8] = []
    private var fields: [String] = []
    private var fieldLines: [Int] = []
    private var recordBytes = 0
    /// The line being read (1-based).
    private var line = 1
    private var fieldLine = 1
    /// The first bytes, held until they are known to be a byte-order mark or not.
    private var head: [UInt8] = []
    private var started = false

    public init(dialect: CSVDialect, limits: CSVLimits = CSVLimits()) {
        self.dialect = dialect
        self.limits = limits
    }

    /// The records `bytes` completes, in order.
    public mutating func feed<Bytes: Collection>(_ bytes: Bytes) throws(CSVProblem) -> [CSVRecord]
    where Bytes.Element == UInt8 {
        var records: [CSVRecord] = []
        if !started {
            head.append(contentsOf: bytes)
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            if head.count < 3, bom.starts(with: head) { return [] }
            started = true
            let rest = head.starts(with: bom) ? Array(head.dropFirst(3)) : head
            head = []
            for byte in rest { try take(byte, into: &records) }
            return records
        }
        for byte in bytes { try take(byte, into: &records) }
        return records
    }

    /// The records the end of input completes (the last one when the input does not end with a line
    /// break); refuses a quote never closed.
    public mutating func finish() throws(CSVProblem) -> [CSVRecord] {
        var records: [CSVRecord] = []
        if !started {
            // Fewer than three bytes in all: no byte-order mark can be there.
            started = true
            let held = head
            head = []
            for byte in held { try take(byte, into: &records) }
        }
        if sawCR { throw problem("a carriage return not followed by a line feed", column: fields.count + 1) }
        switch state {
        case .quoted:
            throw CSVProblem(
                line: fieldLine, column: fields.count + 1, "a quoted field is never closed (a \" is missing)")
        case .fieldStart where fields.isEmpty:
            return records
        default:
            records.append(try endRecord())
            return records
        }
    }

    private func problem(_ message: String, column: Int) -> CSVProblem {
        CSVProblem(line: line, column: column, message)
    }

    private mutating func take(_ byte: UInt8, into records: inout [CSVRecord]) throws(CSVProblem) {
        let quote = UInt8(ascii: "\""), lf: UInt8 = 0x0A, cr: UInt8 = 0x0D
        recordBytes += 1
        if recordBytes > limits.recordBytes {
            throw problem("the record is longer than \(limits.recordBytes) bytes", column: fields.count + 1)
        }
        if sawCR {
            sawCR = false
            guard byte == lf else {
                throw problem("a carriage return not followed by a line feed", column: fields.count + 1)
            }
            records.append(try endRecord())
            line += 1
            return
        }
        switch state {
        case .quoted:
            if byte == quote {
                state = .quoteInQuoted
            } else {
                if byte == lf { line += 1 }
                try append(byte)
            }
            return
        case .quoteInQuoted:
            if byte == quote {
                state = .quoted
                try append(quote)
                return
            }
            state = .afterQuote
        case .afterQuote, .fieldStart, .unquoted:
            break
        }
        if byte == dialect.separator {
            try endField()
            return
        }
        if byte == lf {
            records.append(try endRecord())
            line += 1
            return
        }
        if byte == cr {
            sawCR = true
            return
        }
        switch state {
        case .afterQuote:
            throw problem(
                "text after a closing quote (a field in quotes ends at its quote; double a quote inside it)",
                column: fields.count + 1)
        case .fieldStart where byte == quote && dialect == .csv:
            fieldLine = line
            state = .quoted
        case .unquoted where byte == quote && dialect == .csv:
            throw problem(
                "a quote inside an unquoted field (put the field in quotes and double the quote: \"a \"\"b\"\"\")",
                column: fields.count + 1)
        default:
            if state == .fieldStart { fieldLine = line }
            state = .unquoted
            try append(byte)
        }
    }

    private mutating func append(_ byte: UInt8) throws(CSVProblem) {
        guard field.count < limits.fieldBytes else {
            throw CSVProblem(
                line: fieldLine, column: fields.count + 1, "the field is longer than \(limits.fieldBytes) bytes")
        }
        field.append(byte)
    }

    private mutating func endField() throws(CSVProblem) {
        if state == .fieldStart { fieldLine = line }
        guard let text = String(validating: field, as: UTF8.self) else {
            throw CSVProblem(line: fieldLine, column: fields.count + 1, "the field is not UTF-8 text")
        }
        guard fields.count < limits.fields else {
            throw CSVProblem(
                line: fieldLine, column: fields.count + 1, "the record has more than \(limits.fields) fields")
        }
        fields.append(text)
        fieldLines.append(fieldLine)
        field = []
        state = .fieldStart
    }

    private mutating func endRecord() throws(CSVProblem) -> CSVRecord {
        try endField()
        let record = CSVRecord(fields: fields, lines: fieldLines)
        fields = []
        fieldLines = []
        recordBytes = 0
        return record
    }
}
