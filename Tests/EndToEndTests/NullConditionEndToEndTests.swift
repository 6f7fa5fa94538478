import Foundation
import JSON
import Testing

/// `F:=null` means "no value": an absent attribute, or one stored as an explicit null (as `create`
/// with null and a rollback's re-creation store it), in `--if`, `apply`'s `if` and `list --where`
/// (issue 12 #10).
@Suite struct NullConditionEndToEndTests {
    /// `absent` has no description attribute; `stored-null` holds `description: null`; `set` holds one.
    private func emulatorWithRecords() throws -> Emulator {
        let emulator = try Emulator()
        try emulator.create("Item", ["id": "absent", "name": "A"])
        try emulator.create("Item", ["id": "stored-null", "name": "B", "description": .null])
        try emulator.create("Item", ["id": "set", "name": "C", "description": "here"])
        return emulator
    }

    @Test(arguments: ["absent", "stored-null"])
    func ifNullHoldsForAnAbsentAndAnExplicitNull(_ id: String) throws {
        let emulator = try emulatorWithRecords()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(
            ["update", "Item", "--id", id, "--set", "description=filled", "--if", "description:=null", "--compact"])
        #expect(try result.singleDocument()["description"] == "filled")
        let condition = try #require(try emulator.bodies().last?["variables"]?["condition"])
        #expect(
            condition == [
                "or": [["description": ["attributeExists": false]], ["description": ["attributeType": "_null"]]]
            ])
    }

    @Test func ifNullIsFalseForAValue() throws {
        let emulator = try emulatorWithRecords()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch([
            "update", "Item", "--id", "set", "--set", "description=filled", "--if", "description:=null",
        ])
        result.expectFailure(2, "gqlpatch: error: Item id=set: the --if condition is false")
    }

    /// The README's backfill recipe: `if: {description: null}` on every record without one.
    @Test func applyIfNullUpdatesBothKinds() throws {
        let emulator = try emulatorWithRecords()
        defer { emulator.stop() }
        let lines = ["absent", "stored-null", "set"].map {
            #"{"op":"update","model":"Item","key":{"id":"\#($0)"},"set":{"description":"Imported"},"if":{"description":null}}"#
        }
        let result = try emulator.gqlpatch(
            ["apply", "-", "--continue-on-error"], stdin: lines.joined(separator: "\n") + "\n")
        let statuses = try Dictionary(
            uniqueKeysWithValues: RecordCommandSupport.lines(result).map {
                ($0["key"]?["id"]?.stringValue ?? "", $0["status"]?.stringValue ?? "")
            })
        #expect(statuses == ["absent": "updated", "stored-null": "updated", "set": "conflict"], "\(result)")
        #expect(result.status == 4, "\(result)")
    }

    @Test func listWhereNullListsBothKinds() throws {
        let emulator = try emulatorWithRecords()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["list", "Item", "--where", "description:=null", "--select", "id"])
        #expect(result.status == 0, "\(result)")
        #expect(
            Set(try RecordCommandSupport.lines(result).compactMap { $0["id"]?.stringValue }) == [
                "absent", "stored-null",
            ])
    }

    /// `delete --cascade` checks the root's condition itself before deleting anything.
    @Test(arguments: ["absent", "stored-null"])
    func cascadeIfNullHoldsForBothKinds(_ id: String) throws {
        let emulator = try emulatorWithRecords()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["delete", "Item", "--id", id, "--cascade", "--if", "description:=null"])
        #expect(result.status == 0, "\(result)")
        #expect(try RecordCommandSupport.lines(result).map { $0["key"]?["id"] } == [.string(id)])
    }
}
