import Foundation
import JSON
import Testing

/// `--output csv|tsv|table` on `get` and `list`: the rows, read back with Python's `csv` module (a
/// reader the project did not write), hold what the JSON output holds, flattened as documented; a
/// table is aligned on a terminal (a pseudo-terminal made by util-linux `script`) and TSV anywhere
/// else; a command that prints no records refuses the form.
@Suite struct RowOutputEndToEndTests {
    static let reader = """
        import csv, json, sys
        dialect = sys.argv[1]
        rows = list(csv.reader(sys.stdin, delimiter="," if dialect == "csv" else "\\t",
                               quoting=csv.QUOTE_MINIMAL if dialect == "csv" else csv.QUOTE_NONE))
        json.dump(rows, sys.stdout)
        """

    /// `text` read by Python's csv module as `dialect`.
    static func rows(_ text: String, _ dialect: String) throws -> [[String]] {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("rows-\(UUID()).py")
        try reader.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let result = try CommandRunner.run(TestPaths.python, [script.path, dialect], stdin: text)
        guard result.status == 0 else { throw HarnessError("csv reader: \(result.stderr)") }
        return (try JSONValue.parse(result.stdout).arrayValue ?? []).map {
            ($0.arrayValue ?? []).map { $0.stringValue ?? "?" }
        }
    }

    static func seeded() throws -> Emulator {
        let emulator = try Emulator()
        try emulator.create(
            "Item",
            [
                "id": "a", "name": "Lamp, \"tall\"\nand bright", "tags": ["x", "y"],
                "imageFile": ["bucket": "b", "region": "r", "key": "k", "size": 12],
            ])
        try emulator.create("Item", ["id": "b", "name": "Chair"])
        return emulator
    }

    @Test func csvRowsHoldWhatTheJSONHolds() throws {
        let emulator = try Self.seeded()
        defer { emulator.stop() }
        let select = ["--select", "id,name,imageFile.key,imageFile.size,tags,description"]
        let csv = try emulator.gqlpatch(["list", "Item", "--output", "csv"] + select)
        #expect(csv.status == 0, "\(csv)")
        #expect(csv.stdout.contains("\r\n"), "CSV records end with CRLF")
        let rows = try Self.rows(csv.stdout, "csv")
        #expect(rows.first == ["id", "name", "imageFile.key", "imageFile.size", "tags", "description"])
        #expect(
            Set(rows.dropFirst().map { $0 }) == [
                ["a", "Lamp, \"tall\"\nand bright", "k", "12", #"["x","y"]"#, ""], ["b", "Chair", "", "", "", ""],
            ])
        let one = try emulator.gqlpatch(["get", "Item", "--id", "a", "--output", "csv", "--select", "id,tags"])
        #expect(try Self.rows(one.stdout, "csv") == [["id", "tags"], ["a", #"["x","y"]"#]])
        // Without --select: the schema's fields in order, objects flattened.
        let all = try emulator.gqlpatch(["get", "Item", "--id", "b", "--output", "csv"])
        #expect(
            try Self.rows(all.stdout, "csv").first?.prefix(5) == [
                "id", "name", "description", "modelFile.bucket", "modelFile.region",
            ])
        let none = try emulator.gqlpatch([
            "list", "Item", "--output", "csv", "--select", "id", "--filter", #"{"id": {"eq": "zz"}}"#,
        ])
        #expect(none.status == 0 && none.stdout == "id\r\n", "no record: the header alone: \(none)")
    }

    @Test func tsvRefusesAValueItCannotCarryAndATableIsForATerminal() throws {
        let emulator = try Self.seeded()
        defer { emulator.stop() }
        let plain = try emulator.gqlpatch([
            "list", "Item", "--output", "tsv", "--select", "id,tags", "--filter", #"{"id": {"eq": "a"}}"#,
        ])
        #expect(plain.status == 0, "\(plain)")
        #expect(try Self.rows(plain.stdout, "tsv") == [["id", "tags"], ["a", #"["x","y"]"#]])
        let broken = try emulator.gqlpatch(["get", "Item", "--id", "a", "--output", "tsv", "--select", "id,name"])
        #expect(broken.status == 65, "\(broken)")
        #expect(
            broken.stderr.hasPrefix("gqlpatch: error: column name holds a tab or a line break, which TSV cannot carry"))
        let piped = try emulator.gqlpatch(["list", "Item", "--output", "table", "--select", "id,tags"])
        #expect(piped.status == 0, "\(piped)")
        #expect(piped.stderr.contains("--output table prints TSV where standard output is not a terminal"))
        #expect(piped.stdout.hasPrefix("id\ttags\n"), "\(piped)")
        let log = emulator.folder.appendingPathComponent("typescript").path
        let command = [
            TestPaths.binary, "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema",
            TestPaths.schema,
            "list", "Item", "--output", "table", "--select", "id,name,imageFile.key",
        ].map { "'\($0)'" }.joined(separator: " ")
        let terminal = try CommandRunner.run(
            "/bin/sh", ["-c", "exec /usr/bin/script -qec \"$0\" \"$1\" </dev/null", command, log])
        #expect(terminal.status == 0, "\(terminal)")
        let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").replacingOccurrences(
            of: "\r\n", with: "\n"
        )
        .split(separator: "\n").map(String.init)
        // Each column as wide as its widest cell (a line break shown as a space), two spaces apart.
        #expect(lines.contains("id  name                     imageFile.key"), "\(lines)")
        #expect(lines.contains("a   Lamp, \"tall\" and bright  k"), "\(lines)")
        #expect(lines.contains("b   Chair"), "\(lines)")
    }

    @Test func diffRowsAreOneAFieldAndAPaginatedQuerysAreItsItems() throws {
        let from = try Self.seeded()
        defer { from.stop() }
        let to = try Emulator()
        defer { to.stop() }
        try to.create("Item", ["id": "a", "name": "Lamp", "tags": ["x", "y"]])
        try to.create("Item", ["id": "c", "name": "New"])
        let diff = try GQLPatchRun.run([
            "--schema", TestPaths.schema, "--api-key", Emulator.apiKey, "diff", "Item", "--from-endpoint",
            from.endpoint, "--to-endpoint", to.endpoint, "--output", "csv",
        ])
        #expect(diff.status == 1, "\(diff)")
        let rows = try Self.rows(diff.stdout, "csv")
        #expect(rows.first == ["model", "key", "diff", "field", "from", "to"])
        #expect(rows.contains(["Item", "a", "changed", "name", "Lamp, \"tall\"\nand bright", "Lamp"]), "\(rows)")
        #expect(rows.contains { $0.prefix(3) == ["Item", "b", "only-from"] && $0[4].hasPrefix(#"{"name":"Chair""#) })
        #expect(rows.contains { $0.prefix(3) == ["Item", "c", "only-to"] && $0[5].hasPrefix(#"{"name":"New""#) })
        let query = try from.gqlpatch([
            "query",
            "query Q($nextToken: String) { listItems(limit: 1, nextToken: $nextToken) { items { id tags } nextToken } }",
            "--paginate", "--output", "csv",
        ])
        #expect(query.status == 0, "\(query)")
        #expect(Set(try Self.rows(query.stdout, "csv")) == [["id", "tags"], ["a", #"["x","y"]"#], ["b", ""]])
        let unpaged = try from.gqlpatch(["query", "{ listItems { items { id } } }", "--output", "tsv"])
        #expect(unpaged.status == 64, "\(unpaged)")
        #expect(
            unpaged.stderr.hasPrefix(
                "gqlpatch: error: --output tsv prints a connection's items as rows: add --paginate"))
    }

    @Test func aCommandPrintingNoRecordsRefusesRows() throws {
        let emulator = try Self.seeded()
        defer { emulator.stop() }
        let refused = try emulator.gqlpatch(["update", "Item", "--id", "b", "--set", "name=x", "--output", "csv"])
        #expect(refused.status == 64, "\(refused)")
        #expect(
            refused.stderr.hasPrefix(
                "gqlpatch: error: --output csv prints records as rows, which get, list, export (one model), query --paginate and diff do; update prints JSON"
            ))
        #expect(try emulator.inputs(of: "UpdateItem").isEmpty, "nothing sent")
    }
}
