import Foundation
import JSON
import Testing

/// `import FILE.csv --model M` (and TSV, and standard input) against the emulator serving
/// Tests/Fixtures/csv's schema, a model with every scalar type, an enum, a list and a non-model
/// object: every bad cell listed as `FILE:LINE:COLUMN` and nothing sent; a file with all of them, a
/// quoted multi-line cell and a byte-order mark round-trips through `list --output csv` (both read
/// with Python's csv module); the options as documented.
@Suite struct CSVImportEndToEndTests {
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/csv")
    static let schema = folder.appendingPathComponent("schema.graphql").path
    static func fixture(_ name: String) -> String { folder.appendingPathComponent(name).path }

    static func emulator() throws -> Emulator { try Emulator(schema: schema) }

    /// The Product `id` as the API holds it.
    static func product(_ emulator: Emulator, _ id: String) throws -> JSONValue {
        try emulator.graphQL(
            "query G($id: ID!) { getProduct(id: $id) { id name qty } }", variables: ["id": .string(id)])["data"]?[
                "getProduct"] ?? .null
    }

    @Test func everyMalformedCellIsListedAndNothingIsSent() throws {
        let emulator = try Self.emulator()
        defer { emulator.stop() }
        let path = Self.fixture("products-bad.csv")
        let result = try emulator.gqlpatch(["import", path, "--model", "Product"], schema: Self.schema)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("gqlpatch: error: \(path) does not fit Product: 20 problems; nothing was sent"))
        let placed = result.stderr.split(separator: "\n").filter {
            $0.contains(try! Regex(#"products-bad\.csv:\d+:\d+: "#))
        }
        #expect(placed.count == 20, "\(result.stderr)")
        #expect(
            placed.contains {
                $0.hasSuffix(#"products-bad.csv:2:6: kind: "SPOON" is not a value of enum Kind (TOOL, PART, KIT)"#)
            })
        #expect(placed.contains { $0.hasSuffix("products-bad.csv:3:1: id: a key field is empty") })
        #expect(try emulator.bodiesBesidesProbe().isEmpty, "nothing but the probe was sent")
    }

    @Test func everyScalarTypeRoundTripsThroughCSV() throws {
        let first = try Self.emulator()
        defer { first.stop() }
        let second = try Self.emulator()
        defer { second.stop() }
        let path = Self.fixture("products.csv")
        let imported = try first.gqlpatch(["import", path, "--model", "Product"], schema: Self.schema)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stderr.contains("3 created"), "\(imported)")
        // export --output csv prints what was imported, cell for cell (read by Python's csv module).
        let exported = try first.gqlpatch(["export", "Product", "--output", "csv"], schema: Self.schema)
        #expect(exported.status == 0, "\(exported)")
        let input = try RowOutputEndToEndTests.rows(
            String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
                .replacingOccurrences(of: "\u{FEFF}", with: ""), "csv")
        let output = try RowOutputEndToEndTests.rows(exported.stdout, "csv")
        #expect(output.first == input.first)
        #expect(Set(output.dropFirst()) == Set(input.dropFirst()), "\(exported.stdout)")
        #expect(input.count == 4)
        // ...which imports into an empty API as the same records: diff finds nothing.
        let file = try second.file("exported.csv", exported.stdout)
        let again = try second.gqlpatch(["import", file, "--model", "Product"], schema: Self.schema)
        #expect(again.status == 0, "\(again)")
        let diff = try GQLPatchRun.run([
            "--schema", Self.schema, "--api-key", Emulator.apiKey, "diff", "Product", "--from-endpoint", first.endpoint,
            "--to-endpoint", second.endpoint,
        ])
        #expect(diff.status == 0 && diff.stdout.isEmpty, "\(diff)")
    }

    @Test func renamedColumnsEmptyAsNullStandardInputAndModes() throws {
        let emulator = try Self.emulator()
        defer { emulator.stop() }
        let csv = "Code,Title,Count\r\nq1,Saw,4\r\n"
        let renamed = try emulator.gqlpatch(
            ["import", "-", "--format", "csv", "--model", "Product", "--columns", "Code=id,Title=name,Count=qty"],
            schema: Self.schema, stdin: csv)
        #expect(renamed.status == 0, "\(renamed)")
        #expect(try Self.product(emulator, "q1")["qty"] == 4)
        // An empty cell leaves the field as it is, or with --empty-as-null clears it.
        let tsv = try emulator.file("clear.tsv", "id\tname\tqty\nq1\tSaw\t\n")
        #expect(try emulator.gqlpatch(["import", tsv, "--model", "Product"], schema: Self.schema).status == 0)
        #expect(try Self.product(emulator, "q1")["qty"] == 4)
        let cleared = try emulator.gqlpatch(
            ["import", tsv, "--model", "Product", "--empty-as-null"], schema: Self.schema)
        #expect(cleared.status == 0, "\(cleared)")
        #expect(try Self.product(emulator, "q1")["qty"] == .null)
        // --mode create leaves a record that is there alone (exit 4, a conflict line).
        let create = try emulator.gqlpatch(
            ["import", tsv, "--model", "Product", "--mode", "create", "--continue-on-error"], schema: Self.schema)
        #expect(create.status == 4, "\(create)")
        let header = try emulator.gqlpatch(
            ["import", try emulator.file("h.csv", "id,nme\nz,1\n"), "--model", "Product"], schema: Self.schema)
        #expect(header.status == 65, "\(header)")
        #expect(
            header.stderr.contains(
                #"h.csv:1:2: Product has no field "nme" a record is written with (did you mean 'name'?)"#), "\(header)")
        #expect(header.stderr.contains("h.csv:1:1: no column for name, which CreateProductInput requires"))
        let dropped = try emulator.gqlpatch(
            ["import", tsv, "--model", "Product", "--drop-field", "Product.qty"], schema: Self.schema)
        #expect(dropped.status == 64, "\(dropped)")
        #expect(dropped.stderr.hasPrefix("gqlpatch: error: --drop-field is for export files"))
        let noModel = try emulator.gqlpatch(["import", tsv], schema: Self.schema)
        #expect(noModel.status == 64, "\(noModel)")
        #expect(
            noModel.stderr.hasPrefix("gqlpatch: error: a TSV file's rows are records of one model: give --model MODEL"))
    }
}
