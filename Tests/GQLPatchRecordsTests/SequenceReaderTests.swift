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

/// `SequenceReader` (issue 18) with a scripted server: every page of a sequence in order, tombstones
/// kept and marked, the largest number by one descending query of limit 1, and answers that cannot
/// be trusted refused (exit 76).
@Suite struct SequenceReaderTests {
    /// Answers requests from a script in order and keeps the variables sent.
    final class Script: @unchecked Sendable {
        // @unchecked: every member is only touched while holding `lock`.
        private let lock = NSLock()
        private var answers: [String]
        private var sentVariables: [JSONObject] = []

        init(_ answers: [String]) { self.answers = answers }

        var variables: [JSONObject] { lock.withLock { sentVariables } }

        func reader(_ catalogue: ModelCatalogue, resolution: ConflictResolution = .auto) -> SequenceReader {
            SequenceReader(
                service: RecordService(
                    catalogue: catalogue, conflictResolution: resolution, retryConflicts: 3,
                    wording: SourceNameWording(),
                    send: { (request) async throws(GQLPatchError) -> RecordService.Sent in
                        let next = self.lock.withLock { () -> String in
                            self.sentVariables.append(request.variables)
                            return self.answers.removeFirst()
                        }
                        let response = try ResponseClassifier.classify(
                            HTTPResponse(status: 200, body: Array(next.utf8)), host: "h", wording: SourceNameWording())
                        return RecordService.Sent(response: response, ambiguous: false)
                    }))
        }
    }

    static let catalogue: ModelCatalogue = {
        do { return try CatalogueLoader.load(path: Fixture.repositorySchema, files: .local) } catch {
            fatalError("\(error)")
        }
    }()

    static func sequence(_ catalogue: ModelCatalogue = catalogue) throws -> SequenceDescription {
        try SequenceDescription.resolve(
            model: try #require(catalogue.models["RecipeStep"]),
            parent: [FieldAssignment(field: "recipeID", value: .text("r1"))], orderField: "rowID",
            orderSource: .next, catalogue: catalogue, readFile: { _ in [] }, wording: SourceNameWording())
    }

    static func page(_ rows: [String], next: String? = nil) -> String {
        let token = next.map { "\"\($0)\"" } ?? "null"
        return #"{"data": {"listRecipeSteps": {"items": [\#(rows.joined(separator: ", "))], "nextToken": \#(token)}}}"#
    }

    static func row(_ number: Int, recipe: String = "r1", deleted: Bool? = nil) -> String {
        let tombstone = deleted.map { #", "_version": 2, "_deleted": \#($0)"# } ?? ""
        return #"{"recipeID": "\#(recipe)", "rowID": \#(number), "action": "a\#(number)"\#(tombstone)}"#
    }

    @Test func everyPageIsReadInOrderWithTombstonesMarked() async throws {
        let versioned = try BatchFixture.catalogue(versioned: true)
        let script = Script([
            Self.page([Self.row(1, deleted: false), Self.row(2, deleted: true)], next: "t1"),
            Self.page([Self.row(3, deleted: false)]),
        ])
        let reader = script.reader(versioned)
        let sequence = try Self.sequence(versioned)
        let rows = try await reader.rows(sequence, pageSize: 2)
        #expect(rows.map(\.number) == [1, 2, 3])
        #expect(rows.map(\.isDeleted) == [false, true, false])
        #expect(rows[1].key == ["recipeID": "r1", "rowID": 2])
        #expect(
            script.variables == [
                ["recipeID": "r1", "sortDirection": "ASC", "limit": 2],
                ["recipeID": "r1", "sortDirection": "ASC", "limit": 2, "nextToken": "t1"],
            ])
        #expect(reader.selection(for: sequence).names == ["recipeID", "rowID", "_version", "_deleted"])
    }

    @Test func theLargestNumberIsOneDescendingQueryOfLimitOneTombstonesIncluded() async throws {
        let script = Script([Self.page([Self.row(7, deleted: true)])])
        let largest = try await script.reader(Self.catalogue).largestNumber(try Self.sequence())
        #expect(largest == 7)
        #expect(script.variables == [["recipeID": "r1", "sortDirection": "DESC", "limit": 1]])
        let empty = Script([Self.page([])])
        #expect(try await empty.reader(Self.catalogue).largestNumber(try Self.sequence()) == nil)
    }

    @Test func aRecordOfAnotherParentOrWithoutANumberIsRefused() async throws {
        let sequence = try Self.sequence()
        let answers = [
            (
                Self.page([Self.row(1, recipe: "r2")]),
                "listRecipeSteps for recipeID=\"r1\" returned a record whose recipeID is \"r2\""
            ),
            (
                Self.page([#"{"recipeID": "r1", "rowID": "x"}"#]),
                "listRecipeSteps returned RecipeStep recipeID=r1 rowID=x with rowID \"x\", not an Int"
            ),
        ]
        for (answer, message) in answers {
            do throws(GQLPatchError) {
                _ = try await Script([answer]).reader(Self.catalogue).rows(sequence)
                Issue.record("expected a refusal")
            } catch {
                #expect(error.code == .badResponse)
                #expect(error.message == message)
            }
        }
    }

    @Test func aRepeatedTokenStopsTheRead() async throws {
        let script = Script([Self.page([Self.row(1)], next: "t1"), Self.page([Self.row(2)], next: "t1")])
        let sequence = try Self.sequence()
        do throws(GQLPatchError) {
            _ = try await script.reader(Self.catalogue).rows(sequence)
            Issue.record("expected a refusal")
        } catch {
            #expect(error.code == .badResponse)
            #expect(error.message.hasPrefix("listRecipeSteps: the server returned nextToken"))
        }
    }
}
