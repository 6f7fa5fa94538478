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

/// A dry run's plan is the record rules' own requests: the update and delete a plan shows are the
/// ones the rules send (the version a read gives shown as a placeholder), in the same order.
@Suite struct RecordPlanTests {
    /// Answers from a script and keeps each request sent.
    final class Recorder: @unchecked Sendable {
        // @unchecked: touched only under `lock`.
        private let lock = NSLock()
        private var answers: [String]
        private var requests: [GraphQLRequestBody] = []
        init(_ answers: [String]) { self.answers = answers }
        var sent: [GraphQLRequestBody] { lock.withLock { requests } }

        func service(_ catalogue: ModelCatalogue, resolution: ConflictResolution = .auto) -> RecordService {
            RecordService(
                catalogue: catalogue, conflictResolution: resolution, retryConflicts: 0, wording: SourceNameWording(),
                send: { (request) async throws(GQLPatchError) -> RecordService.Sent in
                    let body = self.lock.withLock { () -> String in
                        self.requests.append(request)
                        return self.answers.removeFirst()
                    }
                    let response = try ResponseClassifier.classify(
                        HTTPResponse(status: 200, body: Array(body.utf8)), host: "h", wording: SourceNameWording())
                    return RecordService.Sent(response: response, ambiguous: false)
                })
        }
    }

    /// `request` with the input's `field` as the placeholder a plan shows.
    private func placed(_ request: GraphQLRequestBody, _ field: String, _ placeholder: String) -> GraphQLRequestBody {
        var request = request
        var input = request.variables["input"]?.objectValue ?? JSONObject()
        input[field] = .string(placeholder)
        request.variables["input"] = .object(input)
        return request
    }

    @Test func aVersionedUpdatesPlanIsTheReadAndTheUpdateItSends() async throws {
        let catalogue = try BatchFixture.catalogue(versioned: true)
        let target = try RecordServiceTests.target(catalogue, versioned: true)
        let recorder = Recorder([RecordServiceTests.get(4), RecordServiceTests.updated(5)])
        let service = recorder.service(catalogue)
        let planned = try service.plannedUpdate(target)
        _ = try await service.update(target)
        let sent = recorder.sent
        #expect(planned.map(\.purpose) == ["fetch the record and its _version", "update, with _version from step 1"])
        #expect(planned[0].request == sent[0])
        #expect(planned[1].request == placed(sent[1], "_version", "<_version from step 1>"))
    }

    @Test func anUnversionedUpdatesPlanIsTheUpdateItSends() async throws {
        let catalogue = try BatchFixture.catalogue(versioned: false)
        let target = try RecordServiceTests.target(catalogue, versioned: false)
        let recorder = Recorder([RecordServiceTests.updated(1)])
        let service = recorder.service(catalogue, resolution: .off)
        let planned = try service.plannedUpdate(target)
        _ = try await service.update(target)
        #expect(planned.map(\.purpose) == ["update"] && planned[0].request == recorder.sent[0])
    }

    @Test func aVersionedDeletesPlanIsTheReadAndTheDeleteItSends() async throws {
        let catalogue = try BatchFixture.catalogue(versioned: true)
        let model = try #require(catalogue.models["Item"])
        let target = RecordService.DeleteTarget(
            model: model, key: ["id": "i1"], selection: SelectionSet(fields: [.init(name: "id")]), versioned: true)
        let recorder = Recorder([
            RecordServiceTests.get(4),
            #"{"data": {"deleteItem": {"id": "i1", "_version": 5, "_deleted": true}}}"#,
        ])
        let service = recorder.service(catalogue)
        let planned = try service.plannedDelete(target)
        _ = try await service.delete(target)
        let sent = recorder.sent
        #expect(planned.map(\.purpose) == ["fetch the record's _version", "delete, with _version from step 1"])
        #expect(planned[0].request == sent[0])
        #expect(planned[1].request == placed(sent[1], "_version", "<_version from step 1>"))
    }

    @Test func aCreatesPlanIsTheCreateItSends() async throws {
        let catalogue = try BatchFixture.catalogue(versioned: false)
        let model = try #require(catalogue.models["Item"])
        let target = RecordService.CreateTarget(
            model: model, input: ["id": "i1", "name": "Lamp"], checkedKey: ["id": "i1"], key: ["id": "i1"],
            selection: SelectionSet(fields: [.init(name: "id")]),
            fetchSelection: SelectionSet(fields: [.init(name: "id")]))
        let recorder = Recorder([#"{"data": {"createItem": {"id": "i1"}}}"#])
        let service = recorder.service(catalogue, resolution: .off)
        let planned = try service.plannedCreate(target)
        _ = try await service.create(target)
        #expect(planned.request == recorder.sent[0])
    }
}
