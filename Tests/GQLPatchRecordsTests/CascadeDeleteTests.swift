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

/// The cascade's plan: the reads it sends through the record service, the order it gives back, and
/// the refusals it leaves to the caller's words; a scripted send in place of a server.
@Suite struct CascadeDeleteTests {
    static let library: ModelCatalogue = {
        let path = Fixture.root.appendingPathComponent("Tests/Fixtures/library/library.graphql").path
        do { return try CatalogueLoader.load(path: path, files: .local) } catch { fatalError("\(error)") }
    }()

    /// Keeps what was sent: each request's operation name and, for a child read, its query.
    final class Sent: @unchecked Sendable {
        // @unchecked: every member is only touched while holding `lock`.
        private let lock = NSLock()
        private var requests: [GraphQLRequestBody] = []
        func add(_ request: GraphQLRequestBody) { lock.withLock { requests.append(request) } }
        var operations: [String] { lock.withLock { requests.map { $0.operationName ?? "?" } } }
    }

    /// A service whose reads are answered by `answer` (the operation name and the variables → `data`).
    static func service(
        _ sent: Sent, answer: @escaping @Sendable (String, JSONObject) -> String
    ) -> RecordService {
        RecordService(
            catalogue: library, conflictResolution: .auto, retryConflicts: 3, wording: SourceNameWording(),
            send: { (request) async throws(GQLPatchError) -> RecordService.Sent in
                sent.add(request)
                let data = answer(request.operationName ?? "", request.variables)
                let response = try ResponseClassifier.classify(
                    HTTPResponse(status: 200, body: Array(#"{"data": \#(data)}"#.utf8)), host: "h",
                    wording: SourceNameWording())
                return RecordService.Sent(response: response, ambiguous: false)
            })
    }

    static func refusedAsText(_ refusal: CascadeDelete.Refusal) -> GQLPatchError {
        .configuration("refused: \(refusal)")
    }

    @Test func childrenComeBeforeTheirParentAndTheRootLast() async throws {
        let sent = Sent()
        let records = Self.service(sent) { operation, variables in
            let id = variables["id"]?.stringValue ?? ""
            switch (operation, id) {
            case ("GetAuthor", _): return #"{"getAuthor": {"id": "a1", "_deleted": null}}"#
            case ("Children", "a1") where sent.operations.filter({ $0 == "Children" }).count == 1:
                return #"{"getAuthor": {"books": {"items": [{"id": "b1", "authorID": "a1"}], "nextToken": null}}}"#
            case ("Children", "a1"): return #"{"getAuthor": {"profile": null}}"#
            case ("Children", "b1"):
                return #"{"getBook": {"chapters": {"items": [{"bookID": "b1", "number": 1}], "nextToken": null}}}"#
            default: return "null"
            }
        }
        let author = try #require(Self.library.models["Author"])
        let order = try await CascadeDelete(records: records, pageSize: nil, refused: Self.refusedAsText)
            .plan(model: author, key: ["id": "a1"], condition: nil, expectVersion: nil)
        #expect(order.map(\.name) == ["Chapter bookID=b1 number=1", "Book id=b1", "Author id=a1"])
        #expect(sent.operations == ["GetAuthor", "Children", "Children", "Children"])
    }

    @Test func aChildOfAnotherParentStopsThePlanBeforeAnyDelete() async throws {
        let sent = Sent()
        let records = Self.service(sent) { operation, _ in
            operation == "GetAuthor"
                ? #"{"getAuthor": {"id": "a1", "_deleted": null}}"#
                : #"{"getAuthor": {"books": {"items": [{"id": "b9", "authorID": "a2"}], "nextToken": null}}}"#
        }
        let author = try #require(Self.library.models["Author"])
        do throws(GQLPatchError) {
            _ = try await CascadeDelete(records: records, pageSize: nil, refused: Self.refusedAsText)
                .plan(model: author, key: ["id": "a1"], condition: nil, expectVersion: nil)
            Issue.record("expected a refusal")
        } catch {
            #expect(error.code == .badResponse)
            #expect(
                error.message
                    == "reading Author id=a1 books: the server returned Book id=b9 with authorID=a2 as a child of Author id=a1 (authorID must be a1); nothing was deleted"
            )
        }
        #expect(!sent.operations.contains { $0.hasPrefix("Delete") })
    }

    @Test func aFalseConditionOnTheRootIsWordedByTheService() async throws {
        let sent = Sent()
        let records = Self.service(sent) { _, _ in #"{"getAuthor": {"id": "a1", "name": "Ann", "_deleted": null}}"# }
        let author = try #require(Self.library.models["Author"])
        do throws(GQLPatchError) {
            _ = try await CascadeDelete(records: records, pageSize: nil, refused: Self.refusedAsText)
                .plan(
                    model: author, key: ["id": "a1"], condition: ["name": ["eq": "Bea"]], expectVersion: nil)
            Issue.record("expected a conflict")
        } catch {
            #expect(error.code == .conflict)
            #expect(error.message == "Author id=a1: the condition condition is false; nothing was deleted")
        }
        #expect(sent.operations == ["GetAuthor"])
    }

    @Test func theDeletesRunInOrderAndAFailureSaysWhereTheyStopped() async throws {
        let sent = Sent()
        let records = Self.service(sent) { operation, variables in
            let input = variables["input"]?.objectValue ?? JSONObject()
            switch operation {
            case "DeleteBook": return #"{"deleteBook": {"id": "b1"}}"#
            case "DeleteAuthor" where input["id"] == "a1": return "null"
            default: return "null"
            }
        }
        let book = try #require(Self.library.models["Book"])
        let author = try #require(Self.library.models["Author"])
        let cascade = CascadeDelete(records: records, pageSize: nil, refused: Self.refusedAsText)
        var deleted: [String] = []
        do throws(CascadeDelete.Stopped) {
            _ = try await cascade.run(
                [.init(model: book, key: ["id": "b1"]), .init(model: author, key: ["id": "a1"])], condition: nil,
                expectVersion: nil, deleted: { target, _ in deleted.append(target.name) })
            Issue.record("expected the root's delete to fail")
        } catch {
            #expect(error.index == 1 && error.error.code == .notFound)
            #expect(error.error.message.hasPrefix("no Author id=a1"), "\(error.error.message)")
        }
        #expect(deleted == ["Book id=b1"])
        #expect(sent.operations.prefix(1) == ["DeleteBook"])
    }
}
