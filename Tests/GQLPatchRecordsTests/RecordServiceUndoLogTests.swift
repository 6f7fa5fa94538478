import Foundation
import GQLPatchTestSupport
import JSON
import Synchronization
import Testing

@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// The record rules tell an undo log each write: the record read before it (a read added for a
/// plain update), what it sets, then how its answer came out; the caller still gets what it selected.
@Suite struct RecordServiceUndoLogTests {
    /// Keeps what it is told.
    final class Recorder: UndoRecording, @unchecked Sendable {
        // @unchecked: every member is only touched while holding `lock`.
        private let lock = NSLock()
        private var writes: [LoggedWrite] = []
        private var answers: [String] = []

        var logged: [LoggedWrite] { lock.withLock { writes } }
        var told: [String] { lock.withLock { answers } }

        func sending(_ write: LoggedWrite) throws(GQLPatchError) -> Int {
            lock.withLock {
                writes.append(write)
                return writes.count
            }
        }

        func landed(_ entry: Int, after: JSONObject) throws(GQLPatchError) {
            lock.withLock { answers.append("\(entry) landed \(JSONValue.object(after).serialized())") }
        }

        func refused(_ entry: Int) throws(GQLPatchError) {
            lock.withLock { answers.append("\(entry) refused") }
        }
    }

    private func service(_ script: RecordServiceTests.Script, _ catalogue: ModelCatalogue, _ recorder: Recorder)
        -> RecordService
    {
        var service = script.service(catalogue)
        service.undoLog = recorder
        return service
    }

    @Test func anUnversionedUpdateIsReadFirstAndLoggedWithItsAnswer() async throws {
        let catalogue = try BatchFixture.catalogue(versioned: false)
        let read = #"{"data": {"getItem": {"id": "i1", "name": "Chair", "description": null, "tags": ["a"]}}}"#
        let written = #"{"data": {"updateItem": {"id": "i1", "name": "Lamp", "description": null, "tags": ["a"]}}}"#
        let script = RecordServiceTests.Script([(read, false), (written, false)])
        let recorder = Recorder()
        var target = try RecordServiceTests.target(catalogue, versioned: false)
        target.selection = SelectionSet(fields: [SelectionSet.Field(name: "name")])
        let outcome = try await service(script, catalogue, recorder).update(target)
        #expect(script.operations == ["GetItem", "UpdateItem"])
        let write = try #require(recorder.logged.first)
        #expect(write.write == "update" && write.key == ["id": "i1"] && write.fields == ["name"])
        #expect(write.before?["name"] == "Chair" && write.before?["tags"] == ["a"] && write.sends == ["name": "Lamp"])
        #expect(recorder.told.count == 1 && recorder.told[0].hasPrefix(#"1 landed {"id":"i1","name":"Lamp""#))
        guard case .updated(let item, _, _) = outcome else {
            Issue.record("expected an update, got \(outcome)")
            return
        }
        // The whole record was asked for the log; the caller gets the field it selected.
        #expect(item == ["name": "Lamp"])
    }

    @Test func aRefusedWriteIsLoggedRefusedAndALostAnswerLeftInDoubt() async throws {
        let catalogue = try BatchFixture.catalogue(versioned: false)
        let read = RecordServiceTests.get(1)
        let script = RecordServiceTests.Script([
            (read, false), (RecordServiceTests.conditionFailed, false),
            (#"{"data": {"getItem": {"id": "i1"}}}"#, false),
        ])
        let recorder = Recorder()
        var target = try RecordServiceTests.target(catalogue, versioned: false)
        target.condition = ["name": ["eq": "Desk"]]
        do throws(GQLPatchError) {
            _ = try await service(script, catalogue, recorder).update(target)
            Issue.record("expected a failed condition")
        } catch {
            #expect(error.kind == .conditionFalse)
        }
        #expect(recorder.logged.count == 1 && recorder.told == ["1 refused"])

        let lost = RecordServiceTests.Script([(read, false)])
        var lostService = service(lost, catalogue, recorder)
        let send = lostService.send
        let calls = Mutex(0)
        lostService.send = { (request) async throws(GQLPatchError) -> RecordService.Sent in
            let first = calls.withLock { (count: inout Int) -> Bool in
                count += 1
                return count == 1
            }
            guard first else { throw GQLPatchError(.unavailable, "the connection closed") }
            return try await send(request)
        }
        let plain = try RecordServiceTests.target(catalogue, versioned: false)
        do throws(GQLPatchError) {
            _ = try await lostService.update(plain)
            Issue.record("expected the lost answer")
        } catch {
            #expect(error.code == .unavailable)
        }
        #expect(recorder.logged.count == 2 && recorder.told == ["1 refused"])
    }

    @Test func aCreateHasNoRecordBeforeAndAVersionedDeleteLogsTheWholeRecord() async throws {
        let catalogue = try BatchFixture.catalogue(versioned: true)
        let model = try #require(catalogue.models["Item"])
        let selection = SelectionSet(fields: [SelectionSet.Field(name: "id")])
        let created = #"{"data": {"createItem": {"id": "n1", "name": "New", "_version": 1}}}"#
        let whole =
            #"{"data": {"getItem": {"id": "i1", "name": "Old", "tags": ["x"], "_version": 2, "_deleted": null}}}"#
        let deleted = #"{"data": {"deleteItem": {"id": "i1", "name": "Old", "_version": 3, "_deleted": true}}}"#
        let script = RecordServiceTests.Script([(created, false), (whole, false), (deleted, false)])
        let recorder = Recorder()
        let records = service(script, catalogue, recorder)
        _ = try await records.create(
            RecordService.CreateTarget(
                model: model, input: ["id": "n1", "name": "New"], checkedKey: ["id": "n1"], key: ["id": "n1"],
                selection: selection, fetchSelection: selection))
        let outcome = try await records.delete(
            RecordService.DeleteTarget(model: model, key: ["id": "i1"], selection: selection, versioned: true))
        #expect(recorder.logged.map(\.write) == ["create", "delete"])
        #expect(recorder.logged[0].before == nil && recorder.logged[0].sends == ["name": "New"])
        #expect(recorder.logged[1].before?["tags"] == ["x"] && recorder.logged[1].before?["_version"] == 2)
        #expect(recorder.told.count == 2)
        #expect(outcome.record == ["id": "i1"])
        // The version read selected the whole record, for the log.
        #expect(script.operations == ["CreateItem", "GetItem", "DeleteItem"])
    }
}
