import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// `edit`'s record below the CLI: what it shows, and an edited copy turned into the update of only
/// the fields that changed, guarded by the version read.
@Suite struct RecordEditTests {
    private func open(_ answer: String) async throws -> RecordEdit {
        let catalogue = try BatchFixture.catalogue(versioned: true)
        let model = try #require(catalogue.models["Item"])
        let script = RecordServiceTests.Script([(answer, false)])
        let builder = ChangeSetBuilder(catalogue: catalogue, readFile: { _ in [] }, wording: SourceNameWording())
        return try await RecordEdit.open(
            model, key: ["id": "i1"], records: script.service(catalogue), builder: builder)
    }

    static let record =
        #"{"data": {"getItem": {"id": "i1", "name": "Chair", "description": "old", "tags": ["a"], "modelFile": null, "imageFile": null, "_version": 4, "_deleted": null}}}"#

    @Test func showsTheWritableFieldsAsRead() async throws {
        let edit = try await open(Self.record)
        #expect(edit.writable == ["name", "description", "modelFile", "imageFile", "tags"])
        #expect(edit.shown["name"] == "Chair" && edit.shown["id"] == nil && edit.shown["_version"] == nil)
    }

    @Test func sendsOnlyTheChangedFieldsAndARemovedOneAsNullGuardedByTheVersionRead() async throws {
        let edit = try await open(Self.record)
        let changes = try edit.changes(
            #"{"name": "Chair", "description": "new", "modelFile": null, "imageFile": null}"#)
        let target = edit.update(changes, condition: nil)
        #expect(changes.changes == ["description": "new", "tags": .null])
        #expect(target.expectVersion == 4 && target.versioned)
    }

    @Test func refusesAFieldItCannotChangeAndTextThatIsNotJSON() async throws {
        let edit = try await open(Self.record)
        let unknown = #expect(throws: GQLPatchError.self) { try edit.changes(#"{"id": "i2"}"#) }
        #expect(unknown?.code == .invalidInput && unknown?.message.hasPrefix("id cannot be changed here") == true)
        let broken = #expect(throws: GQLPatchError.self) { try edit.changes("{\"name\": ") }
        #expect(broken?.code == .invalidInput && broken?.message.hasPrefix("line 1, column") == true)
    }

    @Test func aSoftDeletedRecordIsNotFound() async throws {
        let error = await #expect(throws: GQLPatchError.self) {
            _ = try await open(#"{"data": {"getItem": {"id": "i1", "name": "x", "_version": 2, "_deleted": true}}}"#)
        }
        #expect(error?.code == .notFound && error?.message.hasPrefix("no Item id=i1") == true)
    }
}
