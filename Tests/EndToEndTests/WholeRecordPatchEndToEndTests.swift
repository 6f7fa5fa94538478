import Foundation
import JSON
import Testing

/// `gqlpatch get ... | jq ... | gqlpatch update ... --patch -` (issue 17 #5): the whole record comes
/// back as the patch; its key and server-set fields are ignored, its `_version` is the version the
/// record must still be at, and only the fields that differ are sent.
@Suite struct WholeRecordPatchEndToEndTests {
    @Test func aRoundTripSendsOnlyTheEditedFieldAndFailsOnceTheRecordMovedOn() throws {
        let emulator = try VersionedUpdateEndToEndTests.versionedEmulator("optimistic")
        defer { emulator.stop() }
        let flags = ["--conflict-resolution", "on"]
        let read = try emulator.gqlpatch(flags + ["get", "Item", "--id", "item-1"])
        #expect(read.status == 0, "\(read)")
        guard var record = try read.singleDocument().objectValue else { throw HarnessError("no record: \(read)") }
        record["name"] = "Lamp"
        let edited = JSONValue.object(record).serialized()

        let update = try emulator.gqlpatch(flags + ["update", "Item", "--id", "item-1", "--patch", "-"], stdin: edited)
        #expect(update.status == 0, "\(update)")
        #expect(update.stderr.contains("gqlpatch: note: the patch is a whole Item record: id"), "\(update.stderr)")
        let sent = try emulator.inputs(of: "UpdateItem")
        #expect(sent.count == 1)
        #expect(sent.first?.objectValue?.keys.sorted() == ["_version", "id", "name"], "only the edited field: \(sent)")
        #expect(sent.first?["_version"] == 1)
        #expect(try emulator.storedItem("item-1")["description"] == "old")

        // The same edit again, from the record as it was read: the record is at version 2 now.
        let stale = try emulator.gqlpatch(flags + ["update", "Item", "--id", "item-1", "--patch", "-"], stdin: edited)
        stale.expectFailure(2, "gqlpatch: note: the patch is a whole Item record")
        #expect(stale.stderr.contains("gqlpatch: error: Item id=item-1 is at _version 2, not 1"), "\(stale.stderr)")
        #expect(try emulator.inputs(of: "UpdateItem").count == 1, "nothing more was written")

        var other = record
        other["id"] = "item-2"
        let wrongRecord = try emulator.gqlpatch(
            flags + ["update", "Item", "--id", "item-1", "--patch", "-"], stdin: JSONValue.object(other).serialized())
        wrongRecord.expectFailure(
            65, "gqlpatch: error: the patch is a whole record of Item id \"item-2\", not of the record updated")
    }
}
