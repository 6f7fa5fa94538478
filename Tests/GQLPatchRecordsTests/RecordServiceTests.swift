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

/// The record service's conflict, retry and AUTOMERGE rules, with a scripted send function in place
/// of a server.
@Suite struct RecordServiceTests {
    /// Answers requests from a script in order, keeps the operation names sent and the notes.
    final class Script: @unchecked Sendable {
        // @unchecked: every member is only touched while holding `lock`.
        private let lock = NSLock()
        private var answers: [(data: String, ambiguous: Bool)]
        private(set) var sent: [String] = []
        private(set) var notes: [String] = []

        init(_ answers: [(data: String, ambiguous: Bool)]) { self.answers = answers }

        var operations: [String] { lock.withLock { sent } }
        var noted: [String] { lock.withLock { notes } }

        func service(_ catalogue: ModelCatalogue, resolution: ConflictResolution = .auto, retries: Int = 3)
            -> RecordService
        {
            RecordService(
                catalogue: catalogue, conflictResolution: resolution, retryConflicts: retries,
                wording: SourceNameWording(),
                send: { (request) async throws(GQLPatchError) -> RecordService.Sent in
                    let next = self.lock.withLock { () -> (data: String, ambiguous: Bool) in
                        self.sent.append(request.operationName ?? "?")
                        return self.answers.removeFirst()
                    }
                    let response = try ResponseClassifier.classify(
                        HTTPResponse(status: 200, body: Array(next.data.utf8)), host: "h", wording: SourceNameWording())
                    return RecordService.Sent(response: response, ambiguous: next.ambiguous)
                },
                note: { note in self.lock.withLock { self.notes.append(note) } })
        }
    }

    static let conflict =
        #"{"data": null, "errors": [{"errorType": "ConflictUnhandled", "message": "Conflict resolver rejects mutation."}]}"#
    static let conditionFailed =
        #"{"data": null, "errors": [{"errorType": "DynamoDB:ConditionalCheckFailedException", "message": "The conditional request failed"}]}"#

    static func get(_ version: Int, name: String = "Chair") -> String {
        #"{"data": {"getItem": {"id": "i1", "name": "\#(name)", "_version": \#(version), "_deleted": null}}}"#
    }

    static func updated(_ version: Int, name: String = "Lamp") -> String {
        #"{"data": {"updateItem": {"id": "i1", "name": "\#(name)", "_version": \#(version)}}}"#
    }

    static func target(_ catalogue: ModelCatalogue, versioned: Bool) throws -> UpdateTarget {
        let model = try #require(catalogue.models["Item"])
        let selection = SelectionSet(fields: ["id", "name", "_version"].map { SelectionSet.Field(name: $0) })
        return UpdateTarget(
            model: model, changeSet: ChangeSet(key: ["id": "i1"], changes: ["name": "Lamp"]), selection: selection,
            fetchSelection: RecordService.withSyncFields(selection), versioned: versioned)
    }

    /// A read at version 1, a conflict, a read at version 2, a conflict again.
    static let twoConflicts = [(get(1), false), (conflict, false), (get(2), false), (conflict, false)]

    /// `write` meets `twoConflicts` with one retry allowed: it gives up, in the conflict loop's words.
    static func expectGivesUpAfterOneRetry(_ write: () async throws(GQLPatchError) -> Void) async {
        do throws(GQLPatchError) {
            try await write()
            Issue.record("expected a conflict")
        } catch {
            #expect(error.code == .conflict)
            #expect(
                error.message
                    == "Item id=i1: version conflict (ConflictUnhandled: Conflict resolver rejects mutation.) after 1 retries; giving up"
            )
        }
    }

    @Test func aVersionConflictIsReadAgainAndRetried() async throws {
        let catalogue = try BatchFixture.catalogue(versioned: true)
        let script = Script([
            (Self.get(1), false), (Self.conflict, false), (Self.get(2), false), (Self.updated(3), false),
        ])
        let outcome = try await script.service(catalogue).update(try Self.target(catalogue, versioned: true))
        guard case .updated(let item, _, _) = outcome else {
            Issue.record("expected an update, got \(outcome)")
            return
        }
        #expect(item["_version"] == 3)
        #expect(script.operations == ["GetItem", "UpdateItem", "GetItem", "UpdateItem"])
        #expect(
            script.noted == [
                "gqlpatch: version conflict (ConflictUnhandled: Conflict resolver rejects mutation.); refetching and retrying (1/3)"
            ])
    }

    @Test func conflictRetriesStopAtTheLimit() async throws {
        let catalogue = try BatchFixture.catalogue(versioned: true)
        let script = Script(Self.twoConflicts)
        let target = try Self.target(catalogue, versioned: true)
        await Self.expectGivesUpAfterOneRetry { () async throws(GQLPatchError) in
            _ = try await script.service(catalogue, retries: 1).update(target)
        }
        #expect(script.operations == ["GetItem", "UpdateItem", "GetItem", "UpdateItem"])
    }

    /// AUTOMERGE answers success but keeps the server's value at a `_version` that is not the one
    /// after the version sent: nothing of ours was written, so the update is read and sent again.
    @Test func anAutomergeThatKeptTheServersValueIsRetried() async throws {
        let catalogue = try BatchFixture.catalogue(versioned: true)
        let script = Script([
            (Self.get(1), false), (Self.updated(3, name: "Chair"), false), (Self.get(3, name: "Chair"), false),
            (Self.updated(4), false),
        ])
        let outcome = try await script.service(catalogue).update(try Self.target(catalogue, versioned: true))
        guard case .updated(let item, _, _) = outcome else {
            Issue.record("expected an update, got \(outcome)")
            return
        }
        #expect(item["name"] == "Lamp")
        #expect(script.operations == ["GetItem", "UpdateItem", "GetItem", "UpdateItem"])
        #expect(
            script.noted.first?.hasPrefix("gqlpatch: the server kept its own values for name") == true,
            "\(script.noted)")
    }

    /// A failed condition after a try whose answer was lost: the record holds the change, so the
    /// lost try wrote it, and the update counts once.
    @Test func aLostTryThatWroteTheChangeCountsOnce() async throws {
        let catalogue = try BatchFixture.catalogue(versioned: false)
        let script = Script([(Self.conditionFailed, true), (Self.get(1, name: "Lamp"), false)])
        var target = try Self.target(catalogue, versioned: false)
        target.condition = ["name": ["eq": "Chair"]]
        let outcome = try await script.service(catalogue).update(target)
        guard case .updated(_, let response, _) = outcome else {
            Issue.record("expected an update, got \(outcome)")
            return
        }
        #expect(response == nil)
        #expect(script.operations == ["UpdateItem", "GetItem"])
    }

    /// Under `auto` an unversioned delete that meets a version conflict goes the versioned way.
    @Test func anUnversionedDeleteSwitchesToTheVersionedPathOnAConflict() async throws {
        let catalogue = try BatchFixture.catalogue(versioned: false)
        let model = try #require(catalogue.models["Item"])
        let deleted = #"{"data": {"deleteItem": {"id": "i1", "_version": 2, "_deleted": true}}}"#
        let script = Script([(Self.conflict, false), (Self.get(1), false), (deleted, false)])
        let service = script.service(catalogue)
        let outcome = try await service.delete(
            RecordService.DeleteTarget(
                model: model, key: ["id": "i1"], selection: RecordService.keySelection(model),
                versioned: service.isVersioned(model)))
        #expect(outcome.version == 1)
        #expect(script.operations == ["DeleteItem", "GetItem", "DeleteItem"])
        #expect(script.noted.first?.hasPrefix("gqlpatch: note: the API checks versions for Item") == true)
        // `off` means off: the conflict is the answer.
        let off = Script([(Self.conflict, false)])
        do throws(GQLPatchError) {
            _ = try await off.service(catalogue, resolution: .off).delete(
                RecordService.DeleteTarget(
                    model: model, key: ["id": "i1"], selection: RecordService.keySelection(model), versioned: false))
            Issue.record("expected a conflict")
        } catch {
            #expect(error.code == .conflict)
        }
        #expect(off.operations == ["DeleteItem"])
    }

    /// A versioned delete retries its conflicts through the same loop as an update: the same note,
    /// and the same end after the last retry.
    @Test func aVersionedDeleteRetriesItsConflictsLikeAnUpdate() async throws {
        let catalogue = try BatchFixture.catalogue(versioned: true)
        let model = try #require(catalogue.models["Item"])
        let script = Script(Self.twoConflicts)
        await Self.expectGivesUpAfterOneRetry { () async throws(GQLPatchError) in
            _ = try await script.service(catalogue, retries: 1).delete(
                RecordService.DeleteTarget(
                    model: model, key: ["id": "i1"], selection: RecordService.keySelection(model), versioned: true))
        }
        #expect(script.operations == ["GetItem", "DeleteItem", "GetItem", "DeleteItem"])
        #expect(
            script.noted == [
                "gqlpatch: version conflict (ConflictUnhandled: Conflict resolver rejects mutation.); refetching and retrying (1/1)"
            ])
    }

    /// A create refused on an existing key after a lost try: the record holds the values sent, so it is that try's.
    @Test func aCreateWhoseLostTryMadeTheRecordIsRecognised() async throws {
        let catalogue = try BatchFixture.catalogue(versioned: false)
        let model = try #require(catalogue.models["Item"])
        let selection = SelectionSet(fields: ["id", "name"].map { SelectionSet.Field(name: $0) })
        let target = RecordService.CreateTarget(
            model: model, input: ["id": "i1", "name": "Lamp"], checkedKey: ["id": "i1"], key: ["id": "i1"],
            selection: selection,
            fetchSelection: selection)
        let lost = Script([(Self.conditionFailed, true), (Self.get(1, name: "Lamp"), false)])
        guard case .createdUnseen = try await lost.service(catalogue).create(target) else {
            Issue.record("expected the lost try's record")
            return
        }
        // Without a lost try the same answer is someone else's record.
        let seen = Script([(Self.conditionFailed, false), (Self.get(1, name: "Lamp"), false)])
        guard case .exists = try await seen.service(catalogue).create(target) else {
            Issue.record("expected an existing record")
            return
        }
    }
}
