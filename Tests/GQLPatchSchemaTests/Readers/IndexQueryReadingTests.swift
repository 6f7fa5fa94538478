import Foundation
import GQLPatchTestSupport
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// Secondary-index queries read from compiled schemas (v2 as the emulator prints them, v1 as the real
/// transformer does) and generated from source schemas with the arguments the transformer prints (issue 15 #6).
@Suite struct IndexQueryReadingTests {
    private static let source = Fixture.root.appendingPathComponent("Tests/Fixtures/list/indexes.graphql").path
    private static let compiled = Fixture.root.appendingPathComponent("Tests/Fixtures/list/indexes.compiled.graphql")
        .path

    private func child(_ path: String, focus: Bool = false) throws -> Model {
        let catalogue = try CatalogueLoader.load(
            path: path, files: .local, focus: focus ? CatalogueFocus(models: ["Child"]) : nil)
        return try #require(catalogue.models["Child"])
    }

    @Test(arguments: [false, true])
    func aCompiledSchemasIndexQueriesAreFoundWithTheirKeys(focus: Bool) throws {
        let model = try child(Self.compiled, focus: focus)
        #expect(model.indexes.map(\.queryField) == ["childrenByParent", "childrenByName", "childrenByCode"])
        #expect(
            model.indexes.map(\.keyFields) == [["parentEmail", "rowID"], ["name", "status", "createdOn"], ["code"]])
        #expect(
            model.indexes[1].queryArguments.map(\.name) == [
                "name", "statusCreatedOn", "sortDirection", "filter", "limit", "nextToken",
            ])
        #expect(model.operations.list == "listChildren")
    }

    @Test func aSourceSchemasIndexQueriesTakeTheArgumentsTheCompiledSchemaDeclares() throws {
        let fromSource = try child(Self.source)
        let fromCompiled = try child(Self.compiled)
        #expect(fromSource.indexes.map(\.name) == ["byParent", "byName", "byCode"])
        for index in fromSource.indexes {
            guard let query = index.queryField else {
                #expect(index.queryArguments.isEmpty)
                continue
            }
            let compiled = try #require(fromCompiled.indexes.first { $0.queryField == query })
            #expect(index.keyFields == compiled.keyFields, "\(query)")
            #expect(index.queryArguments == compiled.queryArguments, "\(query)")
        }
    }

    /// An `@index` without `queryField` (`byCode`) gets the query the transformer names after the model
    /// and its key (`childrenByCode`, as the compiled fixture has it) when `cli.json`'s
    /// `enableautoindexquerynames` is on: a new project's default (no `cli.json`) and the flag set; an
    /// existing project's `cli.json` without the flag, or with it false, gives none.
    @Test(
        arguments: [
            (nil, "childrenByCode"),
            (#"{"features": {"graphqltransformer": {"useexperimentalpipelinedtransformer": true}}}"#, nil),
            (
                #"{"features": {"graphqltransformer": {"useexperimentalpipelinedtransformer": true, "enableautoindexquerynames": true}}}"#,
                "childrenByCode"
            ),
            (
                #"{"features": {"graphqltransformer": {"useexperimentalpipelinedtransformer": true, "enableautoindexquerynames": false}}}"#,
                nil
            ),
        ] as [(String?, String?)])
    func anIndexWithoutQueryFieldFollowsTheAutoQueryFlag(cliJSON: String?, query: String?) throws {
        let features =
            try cliJSON.map { text throws(GQLPatchError) in
                AmplifyCLIFeatures(json: try CatalogueLoader.parseProjectJSON(Array(text.utf8), file: "cli.json"))
            } ?? AmplifyCLIFeatures()
        let catalogue = try CatalogueLoader.load(
            bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Self.source))), file: Self.source,
            transformConfig: nil, features: features)
        let byCode = try #require(catalogue.models["Child"]?.indexes.first { $0.name == "byCode" })
        #expect(byCode.queryField == query)
        #expect(byCode.queryArguments.isEmpty == (query == nil))
    }

    /// v1 `@key(name:, fields:, queryField:)`: the partition-key argument is nullable.
    @Test(.enabled(if: V1Transformer.available, V1Transformer.missing))
    func aV1CompiledSchemasKeyQueriesAreFound() throws {
        let output = try V1Transformer.compile(
            """
            type Child @model
              @key(name: "byParent", fields: ["parentEmail", "rowID"], queryField: "childrenByParent")
              @key(name: "byName", fields: ["name", "status", "createdOn"], queryField: "childrenByName")
              @key(name: "byCode", fields: ["code"]) {
              id: ID!
              parentEmail: String!
              rowID: Int!
              name: String!
              status: String
              createdOn: AWSDate
              code: String
            }
            """)
        let directory = try Fixture.temporaryDirectory()
        let path = try Fixture.write(output.schema, to: "compiled.graphql", in: directory)
        let model = try child(path)
        #expect(model.indexes.map(\.queryField) == ["childrenByParent", "childrenByName"])
        #expect(model.indexes.map(\.keyFields) == [["parentEmail", "rowID"], ["name", "status", "createdOn"]])
        #expect(
            model.indexes.first?.queryArguments.first == OperationArgument(name: "parentEmail", type: .named("String")))
    }
}
