import AWSSigning
import JSON
import Testing

@testable import GQLPatchOperations

/// `ExportSealCheck` over an export of 50 lines: whole, cut at every line boundary, changed, joined,
/// its line ends made CRLF; a file without the header is not checked.
@Suite struct ExportSealCheckTests {
    /// A header, `count` record lines and the end line that holds for them.
    static func export(_ count: Int) -> [[UInt8]] {
        let header = ExportHeader(models: ["Item"]).line
        let body = (1...count).map {
            Array(#"{"op":"upsert","model":"Item","key":{"id":"\#($0)"},"set":{}}"#.utf8) + [10]
        }
        var hasher = SHA256()
        for line in [header] + body { hasher.update(data: line) }
        let trailer = ExportTrailer(
            lines: count, records: [("Item", count)], updates: [], sha256: hasher.finalize().hexString)
        return [header] + body + [trailer.line]
    }

    /// The verdict on `lines` (each with its newline) read as a file.
    static func verdict(_ lines: [[UInt8]]) -> ExportSealVerdict {
        var reader = JSONLineReader()
        var check = ExportSealCheck()
        var read = reader.feed(lines.flatMap { $0 })
        if let last = reader.finish() { read.append(last) }
        for line in read { _ = check.add(line) }
        return check.verdict
    }

    @Test func aWholeExportHoldsAndEveryCutAtALineBoundaryIsCutShort() throws {
        let lines = Self.export(48)
        guard case .whole(let trailer) = Self.verdict(lines) else {
            Issue.record("a whole export: \(Self.verdict(lines))")
            return
        }
        #expect(trailer.lines == 48 && trailer.records.first?.count == 48)
        #expect(Self.verdict([]) == .empty)
        for kept in 1..<lines.count {
            #expect(Self.verdict(Array(lines[..<kept])) == .cutShort(lines: kept - 1), "\(kept) lines")
        }
    }

    /// Every byte cut but the last newline's (a file that lost only that one is whole).
    @Test func aCutInsideALineIsNeverWhole() {
        let bytes = Self.export(5).flatMap { $0 }
        for cut in 0..<bytes.count - 1 {
            #expect(!Self.verdict([Array(bytes[..<cut])]).holds, "cut at \(cut)")
        }
    }

    @Test func changesAreFound() {
        var lines = Self.export(5)
        #expect(Self.verdict(lines + [Array("\n".utf8)]).holds, "a blank line after the end carries nothing")
        #expect(Self.verdict(lines + [lines[1]]) == .changed(.afterEnd(line: 8)))
        #expect(Self.verdict(Array(lines[0..<2] + lines[3...])) == .changed(.lineCount(expected: 5, found: 4)))
        var edited = lines
        edited[2] = Array(#"{"op":"upsert","model":"Item","key":{"id":"9"},"set":{}}"#.utf8) + [10]
        #expect(Self.verdict(edited) == .changed(.digest))
        var damaged = lines
        damaged[6] = Array(damaged[6].prefix(30)) + [10]
        #expect(Self.verdict(damaged) == .changed(.damagedEnd(line: 7)))
        lines[0] = Array(lines[0].prefix(20)) + [10]
        #expect(Self.verdict(lines) == .changed(.damagedHeader))
    }

    @Test func crlfLineEndsStillCheckAndOtherFilesAreNotChecked() {
        let crlf = Self.export(3).map { Array($0.dropLast()) + [13, 10] }
        guard case .whole = Self.verdict(crlf) else {
            Issue.record("CRLF: \(Self.verdict(crlf))")
            return
        }
        #expect(Self.verdict(Array(Self.export(3).dropFirst())) == .unsealed)
        #expect(Self.verdict([Array(#"{"op":"export","format":9,"models":[]}"#.utf8) + [10]]) == .unknownFormat(9))
    }
}
