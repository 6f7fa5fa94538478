import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON
import Testing

/// `ExportLine`: the `apply` line for a record as `list` read it, and `ExportState`'s file form.
@Suite struct ExportLineTests {
    func catalogue(_ sdl: String, versioned: Bool? = nil) throws -> ModelCatalogue {
        try CatalogueLoader.load(
            path: "s.graphql", files: .memory(["s.graphql": Array(sdl.utf8)]), versioned: versioned)
    }

    static let schema = """
        type Post @model {
          id: ID!
          title: String!
          meta: AWSJSON
          status: Status
          tags: [String]
          parentID: ID
          parent: Post @belongsTo(fields: ["parentID"])
          blog: Blog @belongsTo
        }
        type Blog @model { id: ID! name: String posts: [Post] @hasMany }
        enum Status { DRAFT LIVE }
        """

    @Test func setHoldsEveryWritableFieldAndNothingTheServerSets() throws {
        let catalogue = try catalogue(Self.schema, versioned: true)
        let post = try #require(catalogue.models["Post"])
        let line = ExportLine(model: post, catalogue: catalogue, includeTimestamps: false)
        #expect(line.fields == ["title", "meta", "status", "tags", "parentID", "blogPostsId"])
        let record: JSONObject = [
            "id": "p1", "title": "T", "meta": #"{"a":1}"#, "status": "LIVE", "tags": ["x"], "parentID": .null,
            "blogPostsId": "b1", "createdAt": "2024-01-01T00:00:00.000Z", "updatedAt": "2024-01-01T00:00:00.000Z",
            "_version": 3, "_deleted": .null, "_lastChangedAt": 1,
        ]
        #expect(
            line.line(for: record)
                == [
                    "op": "upsert", "model": "Post", "key": ["id": "p1"],
                    "set": [
                        "title": "T", "meta": #"{"a":1}"#, "status": "LIVE", "tags": ["x"], "parentID": .null,
                        "blogPostsId": "b1",
                    ],
                ])
        #expect(line.secondLine(for: record) == nil)
    }

    @Test func deferredFieldsWaitForTheSecondPass() throws {
        let catalogue = try catalogue(Self.schema)
        let post = try #require(catalogue.models["Post"])
        let line = ExportLine(model: post, catalogue: catalogue, includeTimestamps: false, deferredFields: ["parentID"])
        let child: JSONObject = ["id": "p2", "title": "T", "parentID": "p1"]
        #expect(line.line(for: child)?["set"]?["parentID"] == nil)
        #expect(
            line.secondLine(for: child) == [
                "op": "update", "model": "Post", "key": ["id": "p2"], "set": ["parentID": "p1"],
            ])
        // A null reference refers to nothing: written in the first pass, so an existing record's is cleared.
        let root: JSONObject = ["id": "p1", "title": "T", "parentID": .null]
        #expect(line.secondLine(for: root) == nil)
        #expect(line.line(for: root)?["set"]?["parentID"] == .null)
        #expect(line.line(for: ["title": "no key"]) == nil)
    }

    @Test func timestampsOnlyWhereTheAPITakesThem() throws {
        let implicit = try catalogue(Self.schema)
        let post = try #require(implicit.models["Post"])
        let line = ExportLine(model: post, catalogue: implicit, includeTimestamps: true)
        #expect(!line.fields.contains("createdAt"))
        #expect(line.timestampsNotWritable == ["createdAt", "updatedAt"])
        let declared = try catalogue("type Log @model { id: ID! createdAt: AWSDateTime text: String }")
        let log = try #require(declared.models["Log"])
        #expect(ExportLine(model: log, catalogue: declared, includeTimestamps: true).fields.contains("createdAt"))
        #expect(!ExportLine(model: log, catalogue: declared, includeTimestamps: false).fields.contains("createdAt"))
    }

    @Test func aRecordThatIsAllKeyIsACreate() throws {
        let catalogue = try catalogue("type Mark @model { id: ID! }")
        let mark = try #require(catalogue.models["Mark"])
        #expect(
            ExportLine(model: mark, catalogue: catalogue, includeTimestamps: false).line(for: ["id": "m"])?["op"]
                == "create")
    }

    @Test func stateRoundTripsThroughItsFile() throws {
        var state = ExportState(output: "out.jsonl", models: ["Blog", "Post"])
        state.steps[0].read = true
        state.steps[0].written = true
        state.steps[0].records = 1234
        state.steps[0].partLength = 99
        state.steps[1].nextToken = "tok"
        state.steps[1].secondLength = 7
        state.outputLength = 99
        let bytes = Array(state.json.serialized().utf8)
        #expect(try ExportState(parsing: bytes) == state)
        #expect(throws: GQLPatchError.self) { try ExportState(parsing: Array("{}".utf8)) }
        #expect(throws: GQLPatchError.self) { try ExportState(parsing: Array("not json".utf8)) }
    }
}
