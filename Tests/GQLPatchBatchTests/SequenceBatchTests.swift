import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// `SequenceBatch` (issue 18) writes a sequence plan as `apply` lines that `apply`'s parser takes, each
/// move guarded, and reads the lines' roles back from the lines alone (what `--resume` has).
@Suite struct SequenceBatchTests {
    static func catalogue(_ path: String) -> ModelCatalogue {
        do { return try CatalogueLoader.load(path: path, files: .local) } catch { fatalError("\(error)") }
    }
    static let keyForm = catalogue(Fixture.repositorySchema)
    static let indexForm = catalogue(
        Fixture.root.appendingPathComponent("Tests/Fixtures/sequences/schema.graphql").path)

    static func row(_ number: Int, field: String = "rowID", id: Bool = false) -> JSONObject {
        var record: JSONObject = [
            "recipeID": "r1", "action": .string("step-\(number)"), "quantity": .double(Double(number)),
            "itemCode": .null, "updatedAt": .string("2026-12-01T10:00:0\(number % 10).000Z"),
            "createdAt": "2026-12-01T09:00:00.000Z", "__typename": "RecipeStep",
        ]
        record[field] = .int(number)
        if id { record["id"] = .string("s-\(number)") }
        return record
    }

    func parse(_ batch: SequenceBatch, catalogue: ModelCatalogue) throws -> [BatchOperation] {
        let parser = BatchLineParser(
            catalogue: catalogue, conflictResolution: .auto, atomic: true,
            wording: ApplyLineWording(run: SourceNameWording()))
        var operations: [BatchOperation] = []
        for (index, line) in batch.lines.enumerated() {
            operations.append(try parser.parse(JSONLine(number: index + 1, bytes: Array(line.serialized().utf8))))
        }
        return operations
    }

    @Test func aKeyMoveIsACopyAndAGuardedDeleteAndTheNewRowComesLast() throws {
        let model = try #require(Self.keyForm.models["RecipeStep"])
        var batch = SequenceBatch(catalogue: Self.keyForm, model: model, field: "rowID", versioned: false)
        let plan = try SequencePlanner.insert(at: 2, numbers: [1, 2, 3], field: "rowID")
        try batch.add(plan, rows: Dictionary(uniqueKeysWithValues: (1...3).map { ($0, Self.row($0)) }))
        batch.addNewRow(["recipeID": "r1", "rowID": 2, "action": "Chop"])
        #expect(batch.lines.map { $0["op"]?.stringValue ?? "" } == ["create", "delete", "create", "delete", "create"])
        #expect(batch.lines[0]["key"] == ["recipeID": "r1", "rowID": 4])
        #expect(
            batch.lines[0]["set"] == ["action": "step-3", "quantity": 3.0], "the row's data, no nulls, no server fields"
        )
        #expect(batch.lines[1]["key"] == ["recipeID": "r1", "rowID": 3])
        #expect(batch.lines[1]["if"] == ["updatedAt": "2026-12-01T10:00:03.000Z"])
        let operations = try parse(batch, catalogue: Self.keyForm)
        #expect(operations.map(\.kind) == [.create, .delete, .create, .delete, .create])
        #expect(
            SequenceBatch.roles(of: batch.lines, field: "rowID") == [
                .copy(SequenceMove(from: 3, to: 4)), .remove(SequenceMove(from: 3, to: 4)),
                .copy(SequenceMove(from: 2, to: 3)), .remove(SequenceMove(from: 2, to: 3)), .newRow,
            ])
        #expect(SequenceBatch.orderField(of: batch.lines) == "rowID")
    }

    @Test func copiesFirstPutsTheDeletesAfterThemHighestFirstAndTheRolesStillPair() throws {
        let model = try #require(Self.keyForm.models["RecipeStep"])
        var batch = SequenceBatch(catalogue: Self.keyForm, model: model, field: "rowID", versioned: false)
        let plan = try SequencePlanner.insert(at: 2, numbers: [1, 2, 3], highestUsed: 5, viaGap: true, field: "rowID")
        try batch.add(
            plan, rows: Dictionary(uniqueKeysWithValues: (1...3).map { ($0, Self.row($0)) }), copiesFirst: true)
        batch.addNewRow(["recipeID": "r1", "rowID": .int(plan.newRow!), "action": "Chop"])
        #expect(batch.lines.map { $0["op"]?.stringValue ?? "" } == ["create", "create", "delete", "delete", "create"])
        #expect(batch.lines.map { $0["key"]?["rowID"]?.intValue ?? 0 } == [7, 8, 3, 2, 6])
        #expect(
            SequenceBatch.roles(of: batch.lines, field: "rowID") == [
                .copy(SequenceMove(from: 2, to: 7)), .copy(SequenceMove(from: 3, to: 8)),
                .remove(SequenceMove(from: 3, to: 8)), .remove(SequenceMove(from: 2, to: 7)), .newRow,
            ])
    }

    @Test func aPlainMoveIsAnUpdateGuardedByTheOldNumberAndUpdatedAt() throws {
        let model = try #require(Self.indexForm.models["RecipeStep"])
        var batch = SequenceBatch(catalogue: Self.indexForm, model: model, field: "position", versioned: false)
        let plan = try SequencePlanner.renumber(numbers: [1, 3], start: 1, step: 1, field: "position")
        try batch.add(
            plan, rows: [1: Self.row(1, field: "position", id: true), 3: Self.row(3, field: "position", id: true)])
        #expect(batch.lines.count == 1)
        #expect(batch.lines[0]["key"] == ["id": "s-3"])
        #expect(batch.lines[0]["set"] == ["position": 2])
        #expect(batch.lines[0]["if"] == ["position": 3, "updatedAt": "2026-12-01T10:00:03.000Z"])
        #expect(try parse(batch, catalogue: Self.indexForm).map(\.kind) == [.update])
        #expect(SequenceBatch.roles(of: batch.lines, field: "position") == [.renumber(SequenceMove(from: 3, to: 2))])
        #expect(SequenceBatch.orderField(of: batch.lines) == "position")
    }

    @Test func aVersionedMoveIsGuardedByTheVersionRead() throws {
        let model = try #require(Self.indexForm.models["RecipeStep"])
        var batch = SequenceBatch(catalogue: Self.indexForm, model: model, field: "position", versioned: true)
        var record = Self.row(2, field: "position", id: true)
        record["_version"] = 4
        try batch.add(SequencePlan(moves: [SequenceMove(from: 2, to: 1)]), rows: [2: record])
        #expect(batch.lines[0]["expectVersion"] == 4)
        #expect(batch.lines[0]["if"] == ["position": 2])
        record["_version"] = nil
        var unread = SequenceBatch(catalogue: Self.indexForm, model: model, field: "position", versioned: true)
        #expect(throws: GQLPatchError.self) {
            try unread.add(SequencePlan(moves: [SequenceMove(from: 2, to: 1)]), rows: [2: record])
        }
    }

    @Test func withoutUpdatedAtTheGuardIsTheRowsScalarValues() throws {
        let model = try #require(Self.keyForm.models["RecipeStep"])
        var batch = SequenceBatch(catalogue: Self.keyForm, model: model, field: "rowID", versioned: false)
        var record = Self.row(1)
        record["updatedAt"] = nil
        try batch.add(SequencePlan(moves: [SequenceMove(from: 1, to: 2)]), rows: [1: record])
        let condition = try #require(batch.lines[1]["if"]?.objectValue)
        #expect(condition["action"] == "step-1")
        #expect(condition["quantity"] == 1.0)
        #expect(condition["itemCode"] == nil, "a null is no value to compare")
        #expect(condition["rowID"] == nil && condition["recipeID"] == nil, "the key is the delete's own")
    }
}
