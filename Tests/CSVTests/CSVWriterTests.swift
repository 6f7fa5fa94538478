import CSV
import TestSupport
import Testing

/// The writer quotes what CSV needs quoted and refuses what TSV cannot carry; whatever it writes,
/// the reader reads back as it was.
@Suite struct CSVWriterTests {
    @Test func csvQuotesOnlyWhatNeedsIt() throws {
        let bytes = try CSVWriter.record(["plain", "a,b", "say \"hi\"", "two\nlines", "", " spaced "], dialect: .csv)
        #expect(
            String(decoding: bytes, as: UTF8.self) == "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",, spaced \r\n")
    }

    @Test func tsvRefusesATabOrALineBreak() throws {
        #expect(
            String(decoding: try CSVWriter.record(["a", "b \"c\""], dialect: .tsv), as: UTF8.self) == "a\tb \"c\"\n")
        #expect(throws: CSVUnwritable(field: 1)) { try CSVWriter.record(["a", "b\tc"], dialect: .tsv) }
        #expect(throws: CSVUnwritable(field: 0)) { try CSVWriter.record(["a\rb"], dialect: .tsv) }
    }

    @Test func aByteOrderMarkOpeningTheFileIsKept() throws {
        // A reader skips one at the file's start: CSV quotes a first field that starts with one.
        let bytes = try CSVWriter.record(["\u{FEFF}id", "x"], dialect: .csv, first: true)
        var reader = CSVReader(dialect: .csv)
        #expect(try (reader.feed(bytes) + reader.finish()).map(\.fields) == [["\u{FEFF}id", "x"]])
        #expect(throws: CSVUnwritable(field: 0)) { try CSVWriter.record(["\u{FEFF}id"], dialect: .tsv, first: true) }
        #expect(
            try CSVWriter.record(["\u{FEFF}id"], dialect: .tsv) == Array("\u{FEFF}id\n".utf8),
            "inside the file: as it is")
    }

    @Test(arguments: CSVDialect.allCases) func whatIsWrittenIsReadBack(_ dialect: CSVDialect) throws {
        var random = SplitMix64(seed: 4180)
        // TSV cannot carry a tab or a line break (refused: tsvRefusesATabOrALineBreak).
        let alphabet: [Character] =
            ["a", "Z", "0", " ", ",", "\"", "é", "€", "😀"] + (dialect == .csv ? ["\n", "\r", "\t"] : [])
        var written: [[String]] = []
        var bytes: [UInt8] = []
        for _ in 0..<500 {
            let count = Int.random(in: 1...6, using: &random)
            var record: [String] = []
            for _ in 0..<count {
                let length = Int.random(in: 0...8, using: &random)
                record.append(String((0..<length).map { _ in alphabet.randomElement(using: &random)! }))
            }
            let line = try CSVWriter.record(record, dialect: dialect)
            written.append(record)
            bytes += line
        }
        var reader = CSVReader(dialect: dialect)
        var read: [CSVRecord] = []
        var offset = 0
        while offset < bytes.count {
            let size = Int.random(in: 1...97, using: &random)
            read += try reader.feed(bytes[offset..<min(offset + size, bytes.count)])
            offset += size
        }
        read += try reader.finish()
        #expect(read.map(\.fields) == written)
    }
}
