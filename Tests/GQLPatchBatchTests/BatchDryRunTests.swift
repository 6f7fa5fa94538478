import Foundation
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// `BatchApply.open` and `BatchDryRun`: a file's lines checked whole, then each line of the run's
/// shard planned as the request it would send, placeholders where a run reads first; a bad line stops
/// the dry run as a structured problem the command words.
@Suite struct BatchDryRunTests {
    static let catalogue: ModelCatalogue = {
        do { return try CatalogueLoader.load(path: Fixture.repositorySchema, files: .local) } catch {
            fatalError("\(error)")
        }
    }()

    func apply(_ text: String, shard: ApplyShard? = nil) throws -> BatchApply {
        let path = try BatchFixture.folder().appendingPathComponent("in.jsonl").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        var plan = BatchRunPlan(concurrency: 1, maxAttempts: 1, retryConflicts: 0, conflictResolution: .auto)
        plan.shard = shard
        return BatchApply(
            path: path, journal: nil, plan: plan, catalogue: Self.catalogue, wording: SourceNameWording(),
            console: .discarding)
    }

    @Test func eachLineIsPlannedAsTheRequestItWouldSend() async throws {
        let apply = try apply(
            """
            {"op": "update", "model": "Item", "key": {"id": "a"}, "set": {"name": "x"}}

            {"op": "upsert", "model": "Item", "key": {"id": "b"}, "set": {"name": "y"}}
            {"op": "delete", "model": "Item", "key": {"id": "c"}}
            """)
        var dryRun = BatchDryRun(try apply.open(dryRun: true), plan: apply.plan, catalogue: Self.catalogue)
        var planned: [BatchPlannedLine] = []
        while let line = try await dryRun.next() { planned.append(line) }
        #expect(planned.map(\.line) == [1, 3, 4])
        #expect(planned.map(\.op) == ["update", "upsert", "delete"])
        #expect(planned[0].request.query.contains("updateItem"))
        #expect(planned[0].ifAbsent == nil)
        #expect(planned[1].ifAbsent?.query.contains("createItem") == true)
        let json = planned[0].json
        #expect(json["status"] == "planned")
        #expect(json["key"] == .object(["id": "a"]))
        #expect(json["variables"]?["input"]?["name"] == "x")
        #expect(planned[1].json["ifAbsent"]?["variables"]?["input"]?["name"] == "y")
        #expect(dryRun.otherShards == 0)
    }

    @Test func otherShardsLinesAreCountedNotPlanned() async throws {
        let lines = (1...8).map { #"{"op": "delete", "model": "Item", "key": {"id": "r\#($0)"}}"# }
        let apply = try apply(lines.joined(separator: "\n"), shard: ApplyShard(index: 1, count: 2))
        var dryRun = BatchDryRun(try apply.open(dryRun: true), plan: apply.plan, catalogue: Self.catalogue)
        var planned = 0
        while try await dryRun.next() != nil { planned += 1 }
        #expect(planned + dryRun.otherShards == 8)
        #expect(dryRun.otherShards > 0)
    }

    @Test func aFileWithABadLineIsRefusedWholeBeforeAnythingIsPlanned() throws {
        let apply = try apply(
            """
            {"op": "delete", "model": "Item", "key": {"id": "a"}}
            {"op": "delete", "model": "Nope", "key": {"id": "b"}}
            """)
        #expect(throws: GQLPatchError.self) { try apply.open(dryRun: true) }
    }

    @Test func aPreviewEntrySaysWhatTheLineWouldChange() {
        let key: JSONObject = ["id": "a"]
        let entry = { (change: BatchPreviewEntry.Change) in BatchPreviewEntry(line: 3, key: key, change: change).json }
        #expect(entry(.absent("Item id=a"))["error"] == "no Item id=a")
        #expect(entry(.exists("Item id=a"))["error"] == "Item id=a already exists")
        #expect(entry(.delete(["id": "a"]))["delete"] == .object(["id": "a"]))
        #expect(Array(entry(.create(["id": "a"])).keys) == ["line", "key", "create"])
    }
}
