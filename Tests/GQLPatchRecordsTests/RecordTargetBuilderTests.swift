import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// What is asked of one record, made into the target the record rules run: every check before
/// anything is sent, refusals naming their input through the caller's wording.
@Suite struct RecordTargetBuilderTests {
    private func builder(versioned: Bool) throws -> RecordTargetBuilder {
        RecordTargetBuilder(
            catalogue: try BatchFixture.catalogue(versioned: versioned), conflictResolution: .auto,
            readFile: { _ in [] }, wording: SourceNameWording(), schemaSource: "schema.graphql")
    }

    @Test func anUpdateSendsTheKeyAndTheNamedFieldsAndReadsTheVersionWhenVersioned() throws {
        var asked = RecordTargetBuilder.Update(model: "Item", key: .id("i1"))
        asked.changes = [FieldAssignment(field: "name", value: .text("Lamp"))]
        let target = try builder(versioned: true).update(asked) { _ in }
        #expect(target.changeSet.key == ["id": "i1"] && target.changeSet.changes == ["name": "Lamp"])
        #expect(target.versioned && target.fetchSelection.contains("_version"))
    }

    @Test func aWholeRecordPatchSendsOnlyWhatDiffersAndSaysSo() throws {
        var asked = RecordTargetBuilder.Update(model: "Item", key: .id("i1"))
        asked.patch = ["id": "i1", "name": "Lamp", "createdAt": "2024-01-01T00:00:00Z", "_version": 3]
        var notes: [String] = []
        let target = try builder(versioned: true).update(asked) { notes.append($0) }
        #expect(target.differencesOnly && target.expectVersion == 3)
        #expect(notes.count == 1 && notes[0].hasPrefix("gqlpatch: note: the patch is a whole Item record"))
    }

    @Test func anExpectedVersionOfAnUnversionedModelIsRefused() throws {
        var asked = RecordTargetBuilder.Update(model: "Item", key: .id("i1"))
        asked.changes = [FieldAssignment(field: "name", value: .text("Lamp"))]
        asked.expectVersion = 2
        let error = #expect(throws: GQLPatchError.self) { try builder(versioned: false).update(asked) { _ in } }
        #expect(error?.code == .invalidInput)
        #expect(
            error?.message.hasPrefix(
                "expectVersion needs a versioned model, and Item has no _version in schema.graphql") == true)
    }

    @Test func anUpdateThatChangesNothingIsRefused() throws {
        let error = #expect(throws: GQLPatchError.self) {
            try builder(versioned: false).update(RecordTargetBuilder.Update(model: "Item", key: .id("i1"))) { _ in }
        }
        #expect(error?.code == .invalidInput && error?.message.hasPrefix("the patch for Item names no fields") == true)
    }

    @Test func aDeleteTypesItsKeyAndKnowsItIsVersioned() throws {
        let target = try builder(versioned: true).delete(
            model: "Item", key: .id("i1"), conditions: [], expectVersion: 4, select: ["id"])
        #expect(target.key == ["id": "i1"] && target.versioned && target.expectVersion == 4)
        #expect(target.selection.fields.map(\.name) == ["id", "_version"])
    }
}
