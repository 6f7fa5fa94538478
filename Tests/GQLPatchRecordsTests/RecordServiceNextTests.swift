import Foundation
import GQLPatchTestSupport
import HTTP
import JSON
import Testing

@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// `RecordService.createNext` (issue 18 #1) with a scripted server, each request answered in turn:
/// a number taken meanwhile is read again and retried; in the index form a writer yields (deletes
/// its record) to an earlier rival at its number, never to a later one.
@Suite struct RecordServiceNextTests {
    final class Script: @unchecked Sendable {
        // @unchecked: every member is only touched while holding `lock`.
        private let lock = NSLock()
        private var answers: [String]
        private var sentOperations: [String] = []

        init(_ answers: [String]) { self.answers = answers }

        var operations: [String] { lock.withLock { sentOperations } }

        func service(_ catalogue: ModelCatalogue) -> RecordService {
            RecordService(
                catalogue: catalogue, conflictResolution: .auto, retryConflicts: 3, wording: SourceNameWording(),
                send: { (request) async throws(GQLPatchError) -> RecordService.Sent in
                    let next = self.lock.withLock { () -> String in
                        self.sentOperations.append(request.operationName ?? "?")
                        return self.answers.removeFirst()
                    }
                    let response = try ResponseClassifier.classify(
                        HTTPResponse(status: 200, body: Array(next.utf8)), host: "h", wording: SourceNameWording())
                    return RecordService.Sent(response: response, ambiguous: false)
                })
        }
    }

    static func load(_ path: String) -> ModelCatalogue {
        do { return try CatalogueLoader.load(path: path, files: .local) } catch { fatalError("\(error)") }
    }
    static let primaryKeyForm = load(Fixture.repositorySchema)
    static let indexForm = load(Fixture.root.appendingPathComponent("Tests/Fixtures/sequences/schema.graphql").path)

    static func target(_ catalogue: ModelCatalogue, field: String, input: JSONObject, freshIDs: [String] = [])
        throws -> RecordService.NextTarget
    {
        let sequence = try SequenceDescription.resolve(
            model: try #require(catalogue.models["RecipeStep"]),
            parent: [FieldAssignment(field: "recipeID", value: .text("r1"))], orderField: field, orderSource: .next,
            catalogue: catalogue, readFile: { _ in [] }, wording: SourceNameWording())
        let ids = LockedValue(freshIDs)
        let selection = SelectionSet(fields: ([field, "action"] + sequence.model.primaryKey).map { .init(name: $0) })
        let fresh: @Sendable () -> String = { ids.withValue { (list: inout [String]) -> String in list.removeFirst() } }
        return RecordService.NextTarget(
            sequence: sequence, input: input, start: 1, freshID: freshIDs.isEmpty ? nil : fresh,
            selection: selection, fetchSelection: selection)
    }

    static let conditionFailed =
        #"{"data": null, "errors": [{"errorType": "DynamoDB:ConditionalCheckFailedException", "message": "The conditional request failed"}]}"#

    @Test func aNumberTakenMeanwhileIsReadAgainAndTheNextTaken() async throws {
        let page = { (rows: String) in #"{"data": {"listRecipeSteps": {"items": [\#(rows)], "nextToken": null}}}"# }
        let script = Script([
            page(#"{"recipeID": "r1", "rowID": 3}"#), Self.conditionFailed,
            #"{"data": {"getRecipeStep": {"recipeID": "r1", "rowID": 4, "action": "theirs"}}}"#,
            page(#"{"recipeID": "r1", "rowID": 4}"#),
            #"{"data": {"createRecipeStep": {"recipeID": "r1", "rowID": 5, "action": "mine"}}}"#,
        ])
        let outcome = try await script.service(Self.primaryKeyForm).createNext(
            try Self.target(Self.primaryKeyForm, field: "rowID", input: ["recipeID": "r1", "action": "mine"]))
        #expect(outcome.number == 5)
        #expect(outcome.key == ["recipeID": "r1", "rowID": 5])
        #expect(
            script.operations == [
                "ListRecipeStep", "CreateRecipeStep", "GetRecipeStep", "ListRecipeStep", "CreateRecipeStep",
            ])
    }

    static func indexPage(_ rows: [(id: String, position: Int, created: String)]) -> String {
        let items = rows.map {
            #"{"id": "\#($0.id)", "recipeID": "r1", "position": \#($0.position), "createdAt": "\#($0.created)"}"#
        }
        return
            #"{"data": {"recipeStepsByRecipeIDAndPosition": {"items": [\#(items.joined(separator: ", "))], "nextToken": null}}}"#
    }

    static func created(_ id: String, _ position: Int) -> String {
        #"{"data": {"createRecipeStep": {"id": "\#(id)", "recipeID": "r1", "position": \#(position), "action": "mine"}}}"#
    }

    @Test func theIndexFormYieldsToAnEarlierRivalAndTriesTheNextNumber() async throws {
        let script = Script([
            Self.indexPage([("a", 3, "2026-12-01T10:00:00.000Z")]), Self.created("mine-1", 4),
            Self.indexPage([("rival", 4, "2026-12-01T10:00:01.000Z"), ("mine-1", 4, "2026-12-01T10:00:01.005Z")]),
            #"{"data": {"deleteRecipeStep": {"id": "mine-1"}}}"#,
            Self.indexPage([("rival", 4, "2026-12-01T10:00:01.000Z")]), Self.created("mine-2", 5),
            Self.indexPage([("mine-2", 5, "2026-12-01T10:00:02.000Z")]),
        ])
        let outcome = try await script.service(Self.indexForm).createNext(
            try Self.target(
                Self.indexForm, field: "position", input: ["id": "mine-1", "recipeID": "r1", "action": "mine"],
                freshIDs: ["mine-2"]))
        #expect(outcome.number == 5)
        #expect(outcome.key == ["id": "mine-2"])
        #expect(
            script.operations == [
                "ListRecipeStep", "CreateRecipeStep", "ListRecipeStep", "DeleteRecipeStep", "ListRecipeStep",
                "CreateRecipeStep", "ListRecipeStep",
            ])
    }

    @Test func theIndexFormKeepsItsNumberAgainstALaterRival() async throws {
        let script = Script([
            Self.indexPage([]), Self.created("mine", 1),
            Self.indexPage([("mine", 1, "2026-12-01T10:00:00.000Z"), ("late", 1, "2026-12-01T10:00:00.004Z")]),
        ])
        let outcome = try await script.service(Self.indexForm).createNext(
            try Self.target(
                Self.indexForm, field: "position", input: ["id": "mine", "recipeID": "r1", "action": "mine"])
        )
        #expect(outcome.number == 1)
        #expect(script.operations == ["ListRecipeStep", "CreateRecipeStep", "ListRecipeStep"])
    }

    /// Created in the same millisecond: the smaller key stays. The larger waits for nothing and yields;
    /// the smaller reads again after a pause and keeps the number once the tied rival has gone.
    @Test func aTieGoesToTheSmallerKey() async throws {
        let at = "2026-12-01T10:00:00.000Z"
        let larger = Script([
            Self.indexPage([]), Self.created("m2", 1), Self.indexPage([("m1", 1, at), ("m2", 1, at)]),
            #"{"data": {"deleteRecipeStep": {"id": "m2"}}}"#, Self.indexPage([("m1", 1, at)]), Self.created("m3", 2),
            Self.indexPage([("m3", 2, at)]),
        ])
        let moved = try await larger.service(Self.indexForm).createNext(
            try Self.target(
                Self.indexForm, field: "position", input: ["id": "m2", "recipeID": "r1", "action": "mine"],
                freshIDs: ["m3"]))
        #expect(moved.number == 2)
        let smaller = Script([
            Self.indexPage([]), Self.created("m1", 1), Self.indexPage([("m1", 1, at), ("m2", 1, at)]),
            Self.indexPage([("m1", 1, at)]),
        ])
        let kept = try await smaller.service(Self.indexForm).createNext(
            try Self.target(Self.indexForm, field: "position", input: ["id": "m1", "recipeID": "r1", "action": "mine"]))
        #expect(kept.number == 1)
        #expect(smaller.operations == ["ListRecipeStep", "CreateRecipeStep", "ListRecipeStep", "ListRecipeStep"])
    }
}
