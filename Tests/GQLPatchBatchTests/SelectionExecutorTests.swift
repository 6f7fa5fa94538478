import GQLPatchClient
import GQLPatchOperations
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchRecords
@testable import GQLPatchSupport

/// A write guarded by the selection that picked its record: a false condition on a record that is
/// there, or a record gone, is `no-longer-matches` (not a failure); other failures stay failures.
@Suite struct SelectionExecutorTests {
    /// Answers every request from the list, in order.
    private final class Answers: BatchSending, @unchecked Sendable {
        // @unchecked: the executor sends one request at a time here.
        var answers: [JSONValue]
        var sent: [GraphQLRequestBody] = []
        init(_ answers: [JSONValue]) { self.answers = answers }
        func send(_ request: GraphQLRequestBody) async -> BatchSendOutcome {
            sent.append(request)
            let body = answers.removeFirst()
            let response = GraphQLResponse(
                data: body["data"], errors: (body["errors"]?.arrayValue ?? []).map(GraphQLErrorItem.init),
                envelope: body)
            return BatchSendOutcome(result: .success(response), attempts: 1, ambiguous: false)
        }
    }

    private static let conditionFailed: JSONValue = [
        "data": ["updateItem": .null],
        "errors": [
            ["errorType": "DynamoDB:ConditionalCheckFailedException", "message": "The conditional request failed"]
        ],
    ]

    private func run(_ answers: [JSONValue], selected: Bool = true) async throws -> (LineResult, Answers) {
        let catalogue = try BatchFixture.catalogue()
        let model = try #require(catalogue.models["Item"])
        var write = SelectionWrite(kind: .update, model: model, versioned: false)
        write.changes = ["name": "x"]
        write.condition = ["description": ["eq": "d"]]
        var operation = write.operation(line: 1, key: ["id": "a"], bytes: [], journaled: false)
        operation.selected = selected
        let sender = Answers(answers)
        let executor = BatchRecordExecutor(
            catalogue: catalogue, sender: sender, retryConflicts: 2, conflictResolution: .auto, atomic: false,
            wording: ApplyLineWording(run: SourceNameWording()))
        return (await executor.run(operation), sender)
    }

    @Test func aFalseConditionOnARecordThatIsThereNoLongerMatches() async throws {
        let (result, sender) = try await run([Self.conditionFailed, ["data": ["getItem": ["id": "a"]]]])
        #expect(result.status == .noLongerMatches)
        #expect(result.error?.hasPrefix("Item id=a no longer matches the selection") == true)
        #expect(sender.sent.first?.variables["condition"] == ["description": ["eq": "d"]])
    }

    @Test func aRecordGoneNoLongerMatches() async throws {
        let (result, _) = try await run([Self.conditionFailed, ["data": ["getItem": .null]]])
        #expect(result.status == .noLongerMatches)
    }

    /// Not picked by a selection (an `apply` line with `"if"`), the same answer is a conflict.
    @Test func anApplyLineWithTheSameAnswerIsAConflict() async throws {
        let (result, _) = try await run([Self.conditionFailed, ["data": ["getItem": ["id": "a"]]]], selected: false)
        #expect(result.status == .conflict)
    }

    @Test func anotherErrorStaysAFailure() async throws {
        let (result, _) = try await run([["data": ["updateItem": .null], "errors": [["message": "boom"]]]])
        #expect(result.status == .failed)
    }
}
