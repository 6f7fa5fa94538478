import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport
@testable import GQLPatchTransfer

/// `copy`'s source: the export reader's pages become typed operations for the target, numbered as the
/// export's records would be, with no text between them.
@Suite struct CopySourceTests {
    static let schema = """
        type Note @model @auth(rules: [{ allow: owner }]) {
          id: ID!
          text: String
          owner: String
        }
        """

    private func catalogue() throws -> ModelCatalogue {
        try CatalogueLoader.load(path: "s.graphql", files: .memory(["s.graphql": Array(Self.schema.utf8)]))
    }

    private func page(_ ids: [String], next: String?) -> ScriptedTransport.Answer {
        let items = ids.map { #"{"id":"\#($0)","text":"t-\#($0)","owner":"alice","createdAt":"x","updatedAt":"y"}"# }
        let token = next.map { "\"\($0)\"" } ?? "null"
        return .graphQL(#"{"data":{"listNotes":{"items":[\#(items.joined(separator: ","))],"nextToken":\#(token)}}}"#)
    }

    private func source(_ transport: ScriptedTransport, ownerMap: [String: String] = [:]) throws -> CopySource {
        let catalogue = try catalogue()
        let model = try #require(catalogue.models["Note"])
        let query = try ListArgumentsBuilder(catalogue: catalogue, readFile: { _ in [] }, wording: SourceNameWording())
            .query(model: model, tests: [], filter: nil, sort: nil, pageSize: nil)
        let selection = try SelectionBuilder(catalogue: catalogue, wording: SourceNameWording())
            .readSelections(for: model, paths: nil).fetched
        let step = ExportStep(
            model: model, query: query, selection: selection,
            line: ExportLine(model: model, catalogue: catalogue, includeTimestamps: false))
        let plan = ExportPlan(order: ExportOrder.plan(["Note"], in: catalogue), steps: [step], masker: nil)
        let client = GraphQLClient(
            endpoint: "https://h/graphql", transport: transport, authorizer: .none, wording: SourceNameWording())
        let reader = ExportReader(
            plan: plan, includeDeleted: false,
            sender: RetryingSender(client: client, policy: RetryPolicy(maxAttempts: 1)))
        let rewrite = ImportRewrite(catalogue: catalogue, mode: .upsert, ownerMap: ownerMap)
        let parser = BatchLineParser(
            catalogue: catalogue, conflictResolution: .auto, atomic: false, wantsDigest: false,
            wording: ApplyLineWording(run: SourceNameWording()))
        return CopySource(name: "<copy>", reader: reader, rewrite: rewrite, parser: parser, scrubber: nil)
    }

    private func entries(_ source: CopySource) async throws -> [BatchEntry] {
        var entries: [BatchEntry] = []
        while let entry = try await source.next() { entries.append(entry) }
        return entries
    }

    @Test func eachRecordOfEveryPageIsOneTypedOperationNumberedInOrder() async throws {
        let transport = ScriptedTransport([page(["a", "b"], next: "t1"), page(["c"], next: nil)])
        let source = try source(transport)
        let entries = try await entries(source)
        let operations = entries.compactMap { entry -> BatchOperation? in
            if case .operation(let operation) = entry { return operation }
            return nil
        }
        #expect(operations.map(\.line) == [1, 2, 3])
        #expect(operations.map(\.kind) == [.upsert, .upsert, .upsert])
        #expect(operations.map { $0.key["id"] } == ["a", "b", "c"])
        #expect(operations[2].changes["text"] == "t-c")
        // The timestamps are the target's to set; the owner is carried as the record has it.
        #expect(operations[0].changes["createdAt"] == nil)
        #expect(operations[0].changes["owner"] == "alice")
        #expect(source.records == [3])
        #expect(transport.requests == 2)
    }

    @Test func anOwnerTheMappingLacksFailsItsOwnLineOnly() async throws {
        let transport = ScriptedTransport([page(["a"], next: nil)])
        let mapped = try await entries(try source(transport, ownerMap: ["alice": "ann"]))
        guard case .operation(let operation) = try #require(mapped.first) else {
            Issue.record("the mapped owner's line was refused")
            return
        }
        #expect(operation.changes["owner"] == "ann")

        let unmapped = try await entries(
            try source(ScriptedTransport([page(["a"], next: nil)]), ownerMap: ["bob": "b"]))
        guard case .refused(let error, _) = try #require(unmapped.first) else {
            Issue.record("an unmapped owner's line was not refused")
            return
        }
        #expect(error.line == 1)
        #expect(error.message.hasPrefix("Note.owner: owner value without a mapping ('alice'): give "))
    }

    /// The records reach the batch as values: reading and typing them writes no JSON text holding a
    /// record (the one serialisation is the request that writes it). The old pipe wrote each one
    /// twice before its request: the export's line, and import's rewrite of it.
    @Test func noRecordIsSerialisedOnItsWayToTheBatch() async throws {
        let transport = ScriptedTransport([page(["a", "b"], next: "t1"), page(["c"], next: nil)])
        let source = try source(transport, ownerMap: ["alice": "ann"])
        let written = LockedValue<[String]>([])
        let watch: @Sendable (ArraySlice<UInt8>) -> Void = { text in
            written.withValue { $0.append(String(decoding: text, as: UTF8.self)) }
        }
        let entries = try await JSONValue.$serializationWatch.withValue(watch) { try await self.entries(source) }
        #expect(entries.count == 3)
        let records = written.current.filter { $0.contains("t-a") || $0.contains("t-b") || $0.contains("t-c") }
        #expect(records.isEmpty, "\(records)")
        // The watch hears what is written: the page requests went through it.
        #expect(written.current.contains { $0.contains("listNotes") })
    }
}
