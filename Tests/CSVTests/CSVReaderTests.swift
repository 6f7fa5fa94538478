import CSV
import Testing

/// The reader as RFC 4180 and IANA's TSV give the forms, fed whole and in every split, and each
/// refusal with its line and field.
@Suite struct CSVReaderTests {
    /// Every record of `text`, fed whole.
    static func read(_ text: String, _ dialect: CSVDialect = .csv, limits: CSVLimits = CSVLimits()) throws(CSVProblem)
        -> [[String]]
    {
        var reader = CSVReader(dialect: dialect, limits: limits)
        var records = try reader.feed(Array(text.utf8))
        records += try reader.finish()
        return records.map(\.fields)
    }

    static func problem(_ text: String, _ dialect: CSVDialect = .csv, limits: CSVLimits = CSVLimits()) -> CSVProblem? {
        do {
            _ = try read(text, dialect, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let text = "name,note\r\n\"Lamp, tall\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",\"\"\r\nlast,x"
        #expect(
            try Self.read(text) == [
                ["name", "note"], ["Lamp, tall", "say \"hi\""], ["two\nlines", ""], ["last", "x"],
            ])
    }

    @Test func lineFeedsAloneAByteOrderMarkAndATrailingBreakAreTaken() throws {
        #expect(try Self.read("\u{FEFF}a,b\nc,d\n") == [["a", "b"], ["c", "d"]])
        #expect(try Self.read("a\n\nb\n") == [["a"], [""], ["b"]])
        #expect(try Self.read("") == [])
        #expect(try Self.read("a,") == [["a", ""]])
        #expect(try Self.read(",,\n") == [["", "", ""]])
    }

    @Test func tsvHasNoQuoting() throws {
        #expect(try Self.read("a\tb\n\"q\"\tc d\r\n", .tsv) == [["a", "b"], ["\"q\"", "c d"]])
    }

    @Test func eachRefusalSaysItsLineAndField() {
        #expect(Self.problem("a,b\nc,d\"e\n") == CSVProblem(line: 2, column: 2, Self.message(.quoteInside)))
        #expect(Self.problem("a,\"b\"c\n")?.line == 1)
        #expect(Self.problem("a,\"b\"c\n")?.column == 2)
        #expect(Self.problem("a,\"b\"c\n")?.message.hasPrefix("text after a closing quote") == true)
        let unclosed = Self.problem("x\na,\"b\nc\nd")
        #expect(unclosed == CSVProblem(line: 2, column: 2, "a quoted field is never closed (a \" is missing)"))
        #expect(Self.problem("a\rb\n")?.message == "a carriage return not followed by a line feed")
        var reader = CSVReader(dialect: .csv)
        do {
            _ = try reader.feed([0x61, 0x2C, 0xFF, 0x0A])
            Issue.record("a field that is not UTF-8 was read")
        } catch {
            #expect(error == CSVProblem(line: 1, column: 2, "the field is not UTF-8 text"))
        }
    }

    enum Message { case quoteInside }
    static func message(_ message: Message) -> String {
        "a quote inside an unquoted field (put the field in quotes and double the quote: \"a \"\"b\"\"\")"
    }

    @Test func boundsAreHeld() {
        let limits = CSVLimits(fieldBytes: 4, recordBytes: 12, fields: 3)
        #expect(Self.problem("abcde\n", limits: limits)?.message == "the field is longer than 4 bytes")
        #expect(Self.problem("a,b,c,d\n", limits: limits)?.message == "the record has more than 3 fields")
        #expect(Self.problem("abcd,abcd,abcd\n", limits: limits)?.message == "the record is longer than 12 bytes")
        #expect(Self.problem("abcd,abcd\nabcd,abcd\n", limits: limits) == nil, "the bound is per record")
    }

    @Test func anySplitOfTheInputReadsTheSame() throws {
        let text = "\u{FEFF}id,\"note, with \"\"quotes\"\"\r\nand a break\"\r\n2,x\r\n"
        let whole = try Self.read(text)
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            var reader = CSVReader(dialect: .csv)
            var records = try reader.feed(bytes[..<cut])
            records += try reader.feed(bytes[cut...])
            records += try reader.finish()
            #expect(records.map(\.fields) == whole, "cut at \(cut)")
        }
    }

    @Test func aQuotedFieldStartsOnItsOwnLine() throws {
        var reader = CSVReader(dialect: .csv)
        let records = try reader.feed(Array("a,\"b\nc\",d\ne,f,g\n".utf8))
        #expect(records.map(\.lines) == [[1, 1, 2], [3, 3, 3]])
    }
}
