import Foundation
import JSON
import Testing

/// `gqlpatch upsert` (issue 17 #4): update if the record exists, else create it; race-safe.
@Suite struct UpsertEndToEndTests {
    static let schema = EditEndToEndTests.schema

    /// Eight processes upsert one new key at the same moment: one record, created once and updated by
    /// the other seven, each saying which it did; the counter they all add to ends at 8.
    @Test(arguments: ["none", "optimistic"])
    func concurrentUpsertsOfOneNewKeyMakeOneRecord(_ handler: String) throws {
        let emulator = try EditEndToEndTests.emulator(handler)
        defer { emulator.stop() }
        let resolution = handler == "none" ? "auto" : "on"
        let runs = (1...8).map { writer in
            [
                "--conflict-resolution", resolution, "--retry-conflicts", "50", "upsert", "Item", "--id", "u1",
                "--set", "name=Writer \(writer)", "--incr", "stock=1",
            ]
        }
        let results = try ConcurrentRuns.run(emulator, runs, schema: Self.schema)
        for result in results { #expect(result.status == 0, "\(result)") }
        let notes = results.map(\.stderr).joined()
        #expect(notes.components(separatedBy: "was not there; created it").count - 1 == 1, "\(notes)")
        #expect(notes.components(separatedBy: "was there; updated it").count - 1 == 7, "\(notes)")
        let item = try EditEndToEndTests.stored(emulator, "u1")
        #expect(item["stock"] == .int(8))
        let created = try emulator.bodies().filter { $0["operationName"]?.stringValue == "CreateItem" }
        #expect(created.count >= 1)
    }

    /// A soft-deleted record in the way is reported, never created again (the decision reads the
    /// failure's kind, not its message).
    @Test func anUpsertOverATombstoneIsNotFoundAndCreatesNothing() throws {
        let emulator = try EditEndToEndTests.emulator("optimistic")
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "gone", "name": "Lamp"])
        _ = try emulator.softDelete("gone", version: 1)
        let result = try emulator.gqlpatch(
            ["--conflict-resolution", "on", "upsert", "Item", "--id", "gone", "--set", "name=Back"],
            schema: Self.schema)
        result.expectFailure(3, "gqlpatch: error: Item id=gone is deleted (_deleted: true)")
        let creates = try emulator.bodies().filter {
            $0["operationName"]?.stringValue == "CreateItem" && $0["variables"]?["input"]?["name"] == "Back"
        }
        #expect(creates.isEmpty, "no create was sent for the tombstone's key")
    }

    @Test func anUpsertChecksTheCreateBeforeSendingAnything() throws {
        let emulator = try EditEndToEndTests.emulator("none")
        defer { emulator.stop() }
        let before = try emulator.bodies().count
        let missing = try emulator.gqlpatch(["upsert", "Item", "--id", "u2", "--add", "tags=x"], schema: Self.schema)
        missing.expectFailure(65, "gqlpatch: error: Item needs a value for name (String!): give --set name=VALUE")
        #expect(try emulator.bodies().count == before, "nothing was sent")

        let created = try emulator.gqlpatch(
            ["upsert", "Item", "--id", "u2", "--set", "name=Two", "--add", "tags=x"], schema: Self.schema)
        #expect(created.status == 0, "\(created)")
        #expect(created.stderr.contains("gqlpatch: note: Item id=u2 was not there; created it"))
        #expect(try created.singleDocument()["tags"] == ["x"])
        let updated = try emulator.gqlpatch(
            ["upsert", "Item", "--id", "u2", "--set", "name=Two", "--add", "tags=y"], schema: Self.schema)
        #expect(updated.stderr.contains("gqlpatch: note: Item id=u2 was there; updated it"), "\(updated)")
        #expect(try updated.singleDocument()["tags"] == ["x", "y"])
    }
}
