import GQLPatchOperations
import GQLPatchSupport
import JSON
import Testing

@testable import GQLPatchCLI

/// A table on a terminal: its columns sized by the first rows, a wide cell cut with `…` at the
/// documented width, the rows after the sample at the same widths; CSV's header printed even when no
/// record comes.
@Suite struct RowPrinterTests {
    final class Output: @unchecked Sendable {
        // @unchecked: written under the lock only.
        let text = LockedValue("")
        var console: Console {
            Console(
                writeOut: { bytes in self.text.withValue { $0 += String(decoding: bytes, as: UTF8.self) } },
                writeErr: { _ in }, stdoutIsTerminal: true)
        }
    }

    @Test func aTableCutsWideCellsAndKeepsItsWidthsAfterTheSample() throws {
        let output = Output()
        let printer = RowPrinter(
            mode: .table, columns: RecordColumns(paths: [["id"], ["note"]]), console: output.console)
        let long = String(repeating: "x", count: 60)
        for n in 0..<RowPrinter.tableSample {
            try printer.print(JSONObject([("id", .string("r\(n)")), ("note", .string(n == 0 ? long : "short"))]))
        }
        try printer.print(JSONObject([("id", .string("a-much-longer-id")), ("note", .string("after"))]))
        try printer.finish()
        let lines = output.text.current.split(separator: "\n").map(String.init)
        #expect(lines.count == RowPrinter.tableSample + 2)
        #expect(lines[0] == "id   note", "id is as wide as r99")
        #expect(lines[1] == "r0   " + String(repeating: "x", count: RowPrinter.maximumWidth - 1) + "…")
        #expect(lines.last == "a-…  after", "a row after the sample is cut to the sampled width")
    }

    @Test func csvPrintsItsHeaderWhenNoRecordComes() throws {
        let output = Output()
        let printer = RowPrinter(
            mode: .csv, columns: RecordColumns(paths: [["id"], ["a", "b"]]), console: output.console)
        try printer.finish()
        #expect(output.text.current == "id,a.b\r\n")
    }
}
