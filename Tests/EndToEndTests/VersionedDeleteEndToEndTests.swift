import Foundation
import JSON
import Testing

/// `gqlpatch delete` and `apply`'s delete go through the same record rules (`RecordService`).
@Suite struct VersionedDeleteEndToEndTests {
    /// A versioned API behind a schema that does not say so (`--conflict-resolution auto`, the
    /// default): the unversioned delete meets a version conflict, and both the command and `apply`
    /// switch to the versioned path, as an update does: fetch `_version`, delete with it (a soft
    /// delete). `gqlpatch delete` used to exit 2 here while `apply` deleted the record (issue 14).
    @Test func deleteAndApplyDeleteBothSwitchToTheVersionedPath() throws {
        let emulator = try VersionedUpdateEndToEndTests.versionedEmulator("optimistic")
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "item-2", "name": "Desk"], select: "id _version")
        let note =
            "gqlpatch: note: the API checks versions for Item (ConflictUnhandled: Conflict resolver rejects mutation.); fetching _version and retrying\n"

        var before = try emulator.bodies().count
        let deleted = try emulator.gqlpatch(["delete", "Item", "--id", "item-1"])
        #expect(deleted.status == 0, "\(deleted)")
        #expect(try deleted.singleDocument()["id"] == "item-1")
        #expect(deleted.stderr.hasPrefix(note), "\(deleted.stderr)")
        #expect(try emulator.operationNames().dropFirst(before) == ["DeleteItem", "GetItem", "DeleteItem"])
        #expect(
            try emulator.inputs(of: "DeleteItem").suffix(2) == [["id": "item-1"], ["id": "item-1", "_version": 1]])

        let lines = emulator.folder.appendingPathComponent("delete.jsonl")
        try #"{"op": "delete", "model": "Item", "key": {"id": "item-2"}}"#.appending("\n").write(
            to: lines, atomically: true, encoding: .utf8)
        before = try emulator.bodies().count
        let applied = try emulator.gqlpatch(["apply", lines.path, "-j", "1"])
        #expect(applied.status == 0, "\(applied)")
        #expect(try JSONValue.parse(applied.stdout)["status"] == "deleted", "\(applied.stdout)")
        #expect(try emulator.operationNames().dropFirst(before) == ["DeleteItem", "GetItem", "DeleteItem"])
        #expect(
            try emulator.inputs(of: "DeleteItem").suffix(2) == [["id": "item-2"], ["id": "item-2", "_version": 1]])

        for id in ["item-1", "item-2"] {
            let stored = try emulator.storedItem(id)
            #expect(stored["_deleted"] == true, "\(id): \(stored)")
            #expect(stored["_version"] == 2, "\(id): \(stored)")
        }
    }
}
