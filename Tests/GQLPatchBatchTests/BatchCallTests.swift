import Foundation
import GQLPatchClient
import GQLPatchTestSupport
import GraphQLSDL
import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// `{"op": "call"}` lines of `apply` (Tests/Fixtures/call): each argument typed by its type as
/// `call --arg` types it, every refusal with its message, and how a call is sent: a custom mutation
/// never twice unless the run says it is safe, and one in doubt reported `unknown`, not resent.
@Suite struct BatchCallTests {
    static let path = Fixture.root.appendingPathComponent("Tests/Fixtures/call/schema.graphql").path

    private func parser(atomic: Bool = false) throws -> BatchLineParser {
        let catalogue = try CatalogueLoader.load(path: Self.path, files: .local)
        let document = try Parser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: Self.path))), file: Self.path)
        let table = try CustomOperationTable(
            catalogue: catalogue, sdl: document, file: Self.path, wording: SourceNameWording())
        return BatchLineParser(
            catalogue: catalogue, conflictResolution: .auto, atomic: atomic,
            wording: ApplyLineWording(run: SourceNameWording()), calls: { table })
    }

    private func entry(_ text: String, atomic: Bool = false) throws -> BatchEntry {
        try parser(atomic: atomic).parseEntry(JSONLine(number: 3, bytes: Array(text.utf8)))
    }

    private func call(_ text: String) throws -> BatchCall {
        guard case .call(let call) = try entry(text) else {
            Issue.record("not a call: \(text)")
            throw GQLPatchError(.invalidInput, "not a call")
        }
        return call
    }

    @Test func eachArgumentIsTypedByItsTypeAndSentAsAVariable() throws {
        let call = try call(
            #"{"op":"call","operation":"publishItem","args":{"status":"DONE","id":42,"meta":{"by":"ci"},"input":{"note":"n","priority":3}}}"#
        )
        #expect(call.line == 3)
        #expect(call.operation == "publishItem")
        #expect(call.mutates)
        #expect(
            call.request.variables == [
                "status": "DONE", "id": "42", "meta": #"{"by":"ci"}"#, "input": ["note": "n", "priority": 3],
            ])
        #expect(
            call.request.query
                == "mutation Call($id: ID!, $status: JobStatus!, $meta: AWSJSON, $input: PublishInput) { publishItem(id: $id, status: $status, meta: $meta, input: $input) { id status meta stats { count tags } } }"
        )
        let search = try self.call(
            #"{"op":"call","operation":"searchItems","args":{"term":"lamp"},"select":["id","status"]}"#)
        #expect(!search.mutates)
        #expect(search.request.query == "query Call($term: String!) { searchItems(term: $term) { id status } }")
        #expect(search.identity == "call 3")
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var text: String
        var message: String
        var testDescription: String { text }
    }

    @Test(arguments: [
        Bad(
            text: #"{"op":"call","operation":"publishItem","args":{"id":"1","status":"DON"}}"#,
            message: #""args" status: "DON" is not a value of enum JobStatus"#),
        Bad(
            text: #"{"op":"call","operation":"publishItem","args":{"id":"1"}}"#,
            message: #"publishItem needs "args" status (JobStatus!)"#),
        Bad(
            text: #"{"op":"call","operation":"publishItem","args":{"id":"1","status":"DONE","sttus":1}}"#,
            message: #""args" sttus: publishItem has no argument "sttus"; did you mean status?"#),
        Bad(
            text: #"{"op":"call","operation":"publishItem","args":{"id":"1","status":"DONE","input":{"note":5}}}"#,
            message: #""args" input.note: expected a String"#),
        Bad(
            text: #"{"op":"call","operation":"echo","args":{"msg":["a"]}}"#,
            message: #""args" msg: expected a String, got a list"#),
        Bad(
            text: #"{"op":"call","operation":"publishItm","args":{}}"#,
            message: #"the schema has no query or mutation "publishItm"; did you mean publishItem?"#),
        Bad(text: #"{"op":"call","args":{}}"#, message: #"a call line needs "operation""#),
        Bad(text: #"{"op":"call","operation":"echo","args":[1]}"#, message: #""args" must be a JSON object"#),
        Bad(
            text: #"{"op":"call","operation":"echo","args":{"msg":"x"},"select":"id"}"#,
            message: #""select" must be an array of field paths"#),
        Bad(
            text: #"{"op":"call","operation":"echo","model":"Item"}"#,
            message: #"unknown key "model" in a call line"#),
    ])
    func aBadCallLineIsRefusedWithItsReason(_ bad: Bad) throws {
        do {
            _ = try entry(bad.text)
            Issue.record("accepted: \(bad.text)")
        } catch let error as BatchLineError {
            #expect(error.line == 3)
            #expect(error.message.hasPrefix(bad.message), "\(error.message)")
        }
    }

    @Test func anAtomicRunTakesQueriesButNoCustomMutation() throws {
        #expect(throws: BatchLineError.self) {
            _ = try entry(#"{"op":"call","operation":"publishItem","args":{"id":"1","status":"DONE"}}"#, atomic: true)
        }
        guard case .call = try entry(#"{"op":"call","operation":"echo","args":{"msg":"x"}}"#, atomic: true) else {
            Issue.record("a query is refused under an atomic run")
            return
        }
    }

    @Test func aParserWithoutTheOperationsRefusesACall() throws {
        let plain = BatchLineParser(
            catalogue: try CatalogueLoader.load(path: Self.path, files: .local), conflictResolution: .auto,
            atomic: false, wording: ApplyLineWording(run: SourceNameWording()))
        #expect(throws: BatchLineError.self) {
            _ = try plain.parseEntry(JSONLine(number: 1, bytes: Array(#"{"op":"call","operation":"echo"}"#.utf8)))
        }
        // A record source (`copy`'s values) takes no call.
        #expect(throws: BatchLineError.self) {
            _ = try plain.parse(["op": "call", "operation": "echo"], line: 1)
        }
    }

    // MARK: - Sending

    /// Answers each request with the next outcome; counts what was sent.
    private final class Outcomes: BatchSending, @unchecked Sendable {
        // @unchecked: the executor sends one request at a time here.
        var outcomes: [Result<JSONValue, GQLPatchError>]
        var sent = 0
        init(_ outcomes: [Result<JSONValue, GQLPatchError>]) { self.outcomes = outcomes }
        func send(_ request: GraphQLRequestBody) async -> BatchSendOutcome {
            sent += 1
            switch outcomes.removeFirst() {
            case .success(let body):
                let response = GraphQLResponse(
                    data: body["data"], errors: (body["errors"]?.arrayValue ?? []).map(GraphQLErrorItem.init),
                    envelope: body)
                return BatchSendOutcome(result: .success(response), attempts: 1, ambiguous: false)
            case .failure(let error):
                return BatchSendOutcome(result: .failure(error), attempts: 1, ambiguous: false)
            }
        }
    }

    private static var lost: GQLPatchError {
        var error = GQLPatchError(.unavailable, "the connection closed before the answer came")
        error.requestMayHaveArrived = true
        return error
    }

    private func executor(_ sender: Outcomes, _ once: Outcomes, idempotent: Bool = false, journal: BatchJournal? = nil)
        -> BatchCallExecutor
    {
        BatchCallExecutor(
            sender: sender, once: once, idempotent: idempotent, journal: journal,
            wording: ApplyLineWording(run: SourceNameWording()))
    }

    private let publish = #"{"op":"call","operation":"publishItem","args":{"id":"1","status":"DONE"}}"#

    @Test func theValueIsTheOperationsField() async throws {
        let once = Outcomes([.success(["data": ["publishItem": ["id": "1", "status": "DONE"]]])])
        let result = await executor(Outcomes([]), once).run(try call(publish))
        #expect(result.status == .called)
        #expect(
            result.json() == [
                "line": 3, "status": "called", "operation": "publishItem", "result": ["id": "1", "status": "DONE"],
            ])
        #expect(once.sent == 1)
    }

    @Test func aMutationWhoseAnswerWasLostIsUnknownAndNotResent() async throws {
        let sender = Outcomes([])
        let once = Outcomes([.failure(Self.lost)])
        let result = await executor(sender, once).run(try call(publish))
        #expect(result.status == .unknown)
        #expect(result.status.isFailure && !result.status.isDone)
        #expect(
            result.error?.hasPrefix(
                "the connection closed before the answer came; publishItem may or may not have been applied") == true)
        #expect(sender.sent == 0 && once.sent == 1)
    }

    @Test func anIdempotentRunSendsThroughTheRetryingSender() async throws {
        let sender = Outcomes([.success(["data": ["publishItem": ["id": "1"]]])])
        let once = Outcomes([])
        let result = await executor(sender, once, idempotent: true).run(try call(publish))
        #expect(result.status == .called)
        #expect(sender.sent == 1 && once.sent == 0)
        // A query is a read: retried as any.
        let query = try call(#"{"op":"call","operation":"echo","args":{"msg":"x"}}"#)
        let reads = Outcomes([.success(["data": ["echo": "x"]])])
        #expect(await executor(reads, Outcomes([])).run(query).status == .called)
    }

    @Test func aCallInDoubtIsUnknownWithoutBeingSent() async throws {
        var inDoubt = try call(publish)
        inDoubt.inDoubt = true
        let once = Outcomes([])
        let result = await executor(Outcomes([]), once).run(inDoubt)
        #expect(result.status == .unknown)
        #expect(result.error?.hasPrefix("the run stopped while publishItem was being sent") == true)
        #expect(once.sent == 0)
        let resent = Outcomes([.success(["data": ["publishItem": ["id": "1"]]])])
        #expect(await executor(resent, Outcomes([]), idempotent: true).run(inDoubt).status == .called)
    }

    @Test func aFunctionErrorOfAMutationMayHaveBeenApplied() async throws {
        let once = Outcomes([
            .success([
                "data": ["publishItem": .null],
                "errors": [["errorType": "Lambda:Unhandled", "message": "boom"]],
            ])
        ])
        let result = await executor(Outcomes([]), once).run(try call(publish))
        #expect(result.status == .failed)
        #expect(result.error?.contains("Lambda:Unhandled") == true)
        #expect(
            result.error?.hasSuffix(
                "the mutation may or may not have been applied (its resolver may have written before it failed)")
                == true)
    }

    @Test func aMutationIsJournaledAsBeingSentBeforeItIs() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("call-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("j").path
        let journal = try BatchJournal.create(path: path, input: "in", atomic: false, wording: SourceNameWording())
        let once = Outcomes([.failure(Self.lost)])
        _ = await executor(Outcomes([]), once, journal: journal).run(try call(publish))
        let (_, state) = try BatchJournal.resume(path: path)
        #expect(state.sending[3]?.write == "call")
        #expect(state.done[3] == nil)
    }
}
