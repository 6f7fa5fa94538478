import Foundation
import GQLPatchTestSupport
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// v1 transformer source schemas (`@key`, `@connection`, `@versioned`) read as the real v1 transformer
/// compiles them: each case is compiled by it and the two catalogues compared (`V1CatalogueAgreement`).
@Suite struct V1SourceSchemaTests {
    /// One source schema with the project files that go with it.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var source: String
        var transformConfig: String? = nil
        var cliJSON: String? = nil
        var testDescription: String { name }
    }

    static let conflictDetectionOn =
        #"{"Version": 5, "ResolverConfig": {"project": {"ConflictHandler": "AUTOMERGE", "ConflictDetection": "VERSION"}}}"#
    static let improvedPlurals =
        #"{"features": {"graphqltransformer": {"transformerversion": 1, "improvepluralization": true}}}"#
    /// For schemas without a v1-only directive: cli.json says which transformer (the real one is v1 anyway).
    static let v1Project = #"{"features": {"graphqltransformer": {"transformerversion": 1}}}"#

    static let cases: [Case] = [
        Case(
            name: "composite primary key, secondary key with a query, connections by key",
            source: """
                type Recipe @model {
                  id: ID!
                  name: String!
                  steps: [RecipeStep] @connection(fields: ["id"])
                }
                type RecipeStep @model @key(fields: ["recipeID", "rowID"])
                  @key(name: "byAction", fields: ["action", "rowID"], queryField: "stepsByAction") {
                  recipeID: ID!
                  rowID: Int!
                  action: String
                  quantity: Float
                  recipe: Recipe @connection(fields: ["recipeID"])
                }
                """),
        Case(
            name: "named connections, an unnamed list connection, @versioned",
            source: """
                type Blog @model {
                  id: ID!
                  name: String!
                  posts: [Post] @connection(name: "BlogPosts")
                }
                type Post @model @versioned {
                  id: ID!
                  title: String!
                  blog: Blog @connection(name: "BlogPosts")
                  comments: [Comment] @connection
                }
                type Comment @model {
                  id: ID!
                  content: String
                }
                """),
        Case(
            name: "implicit id, custom keys, composite sort keys, timestamps, operation options, custom @versioned",
            source: """
                enum Color { RED GREEN }
                type Address { street: String, city: String! }
                type Note @model { text: String, color: Color, colors: [Color], when: AWSDateTime, address: Address, n: AWSTimestamp }
                type User @model @key(fields: ["email"]) { name: String, email: AWSEmail!, tags: [String] }
                type Event @model @key(fields: ["org", "kind", "at", "seq"])
                  @key(name: "byVenue", fields: ["venue", "kind", "at"], queryField: "eventsByVenue")
                  @key(name: "byColor", fields: ["color"]) {
                  name: String, org: ID!, kind: Color!, at: AWSDateTime!, seq: Int!, venue: String!, color: Color
                }
                type Stamp @model(timestamps: {createdAt: "createdOn", updatedAt: null}) { id: ID!, x: Int }
                type NoStamp @model(timestamps: null, queries: {get: "fetchNoStamp", list: null}, mutations: {update: "editNoStamp"}) { id: ID!, x: Int }
                type Thing @model @versioned(versionField: "rev", versionInput: "expectedRev") { id: ID!, name: String }
                """),
        Case(
            name: "v1 list names append s; partial operation options",
            source: """
                type Plain @model { text: String }
                type Q1 @model(queries: {get: "fetchQ1"}) { id: ID!, x: Int }
                type Q2 @model(mutations: {create: "makeQ2", update: "editQ2"}, subscriptions: null) { id: ID!, x: Int }
                type Person @model { id: ID!, name: String }
                type Category @model { id: ID!, name: String }
                type Status @model { id: ID!, name: String }
                type Strategy @model { id: ID!, name: String }
                type Child @model { id: ID!, name: String }
                """,
            cliJSON: v1Project),
        Case(
            name: "improvepluralization: irregular plurals",
            source: """
                type Person @model { id: ID!, name: String }
                type Category @model { id: ID!, name: String }
                type Status @model { id: ID!, name: String }
                type Child @model { id: ID!, name: String }
                type Quiz @model { id: ID!, name: String }
                type Index @model { id: ID!, name: String }
                type Mouse @model { id: ID!, name: String }
                type Datum @model { id: ID!, name: String }
                """,
            cliJSON: improvedPlurals),
        Case(
            name: "conflict detection on: sync names, _version; keyField, sortField, one-to-one connections",
            source: """
                type Person @model {
                  id: ID!, name: String, car: Car @connection, house: House @connection(name: "PersonHouse"),
                  pets: [Pet] @connection(name: "PersonPets", keyField: "ownerRef", sortField: "age")
                }
                type Car @model { id: ID!, make: String }
                type House @model { id: ID!, owner: Person @connection(name: "PersonHouse") }
                type Pet @model { id: ID!, age: Int, ownerRef: ID, owner: Person @connection(name: "PersonPets", keyField: "ownerRef", sortField: "age") }
                type Box @model @key(fields: ["sku", "bin"]) {
                  sku: String!, bin: Int!, items: [Item] @connection(keyName: "byBox", fields: ["sku", "bin"]),
                  label: Label @connection(fields: ["sku"])
                }
                type Item @model @key(name: "byBox", fields: ["boxSku", "boxBin"]) {
                  id: ID!, boxSku: String!, boxBin: Int!, pos: Int!, box: Box @connection(fields: ["boxSku", "boxBin"])
                }
                type Label @model @key(fields: ["sku"]) { sku: String!, text: String }
                """,
            transformConfig: conflictDetectionOn),
        Case(
            name: "secondary keys of every sort-key type, declared version field, required connections",
            source: """
                enum Kind { A B }
                type Order @model @key(fields: ["customer", "placedAt"])
                  @key(name: "byKind", fields: ["kind", "total"], queryField: "ordersByKind")
                  @key(name: "byNote", fields: ["note", "code"], queryField: "ordersByNote")
                  @key(name: "byEnum", fields: ["customer", "kind"], queryField: "ordersByEnum")
                  @key(name: "byId", fields: ["customer", "ref"], queryField: "ordersByRef") {
                  id: ID!, total: Float, note: String, code: String!, placedAt: AWSDateTime!, customer: String!, kind: Kind, ref: ID
                }
                type Doc @model @versioned { id: ID!, version: Int!, body: String, author: Author! @connection, owner: Author @connection(keyField: "ownerKey") }
                type Author @model { id: ID!, name: String, docs: [Doc!]! @connection }
                type Quiz @model { id: ID!, box: Box! @connection(name: "QB") }
                type Box @model { id: ID!, quiz: Quiz @connection(name: "QB") }
                """,
            cliJSON: improvedPlurals),
        Case(
            name: "conflict detection per model, trailing commas in transform.conf.json",
            source: """
                type Draft @model { id: ID!, text: String, tags: [Tag] @connection(keyName: "byDraft", fields: ["id"]) }
                type Tag @model @key(name: "byDraft", fields: ["draftID", "label"], queryField: "tagsByDraft") { id: ID!, draftID: ID!, label: String! }
                type Published @model @key(fields: ["slug"]) { slug: String!, text: String }
                """,
            transformConfig: """
                {
                  "Version": 5,
                  "ResolverConfig": {
                    "project": {"ConflictHandler": "AUTOMERGE", "ConflictDetection": "VERSION",},
                    "models": {"Published": {"ConflictHandler": "AUTOMERGE", "ConflictDetection": "NONE"},},
                  },
                }
                """),
        Case(
            name: "conflict detection for one model only",
            source: """
                type Account @model @key(fields: ["owner", "number"]) { owner: String!, number: Int!, balance: Float }
                type Ledger @model { id: ID!, accountOwner: String!, accountNumber: Int!, account: Account @connection(fields: ["accountOwner", "accountNumber"]) }
                """,
            transformConfig:
                #"{"Version": 5, "ResolverConfig": {"models": {"Account": {"ConflictHandler": "AUTOMERGE", "ConflictDetection": "VERSION"}}}}"#
        ),
        Case(
            name: "no v1 directive: cli.json's transformerversion 1 decides",
            source: """
                type Person @model { id: ID!, name: String, nick: String! }
                type Strategy @model { id: ID!, score: Int }
                """,
            cliJSON: #"{"features": {"graphqltransformer": {"transformerversion": 1, "improvepluralization": false,}}}"#
        ),
    ]

    @Test(.enabled(if: V1Transformer.available, V1Transformer.missing), arguments: cases)
    func sourceAgreesWithCompiled(_ testCase: Case) throws {
        try V1CatalogueAgreement.check(
            testCase.source, transformConfig: testCase.transformConfig, cliJSON: testCase.cliJSON)
    }

    /// Owner rules naming fields the model does not declare (`owner` by default, `author`), beside one it
    /// declares (`editors`), under conflict detection: the transformer appends each undeclared one as
    /// `String`, last, to the type alone (no input takes it); a user-pools API, as owner rules need.
    @Test(.enabled(if: V1Transformer.available, V1Transformer.missing))
    func implicitOwnerFieldsAgreeWithCompiled() throws {
        let catalogue = try V1CatalogueAgreement.check(
            """
            type Note @model @auth(rules: [{allow: owner}]) { id: ID!, text: String }
            type Memo @model @auth(rules: [{allow: owner, ownerField: "author"}, {allow: owner, ownerField: "editors"}]) {
              id: ID!
              text: String
              editors: [String]
            }
            """, transformConfig: Self.conflictDetectionOn, cliJSON: Self.v1Project, userPools: true)
        #expect(catalogue.models["Note"]?.fields.last?.name == "owner")
        #expect(catalogue.models["Memo"]?.field("author")?.isReadOnly == true)
        #expect(catalogue.models["Memo"]?.ownerFields == ["author", "editors"])
    }

    /// The brief's count: at least 30 models of our own go through the real transformer.
    @Test func casesCoverAtLeastThirtyModels() {
        let models = Self.cases.map { $0.source.components(separatedBy: "@model").count - 1 }.reduce(0, +)
        #expect(models >= 30, "\(models) models")
    }

    // MARK: - Without the transformer

    private func load(_ source: String, features: AmplifyCLIFeatures = AmplifyCLIFeatures()) throws -> ModelCatalogue {
        try CatalogueLoader.load(
            bytes: Array(source.utf8), file: "schema.graphql", transformConfig: nil, features: features)
    }

    /// The recipe app's dual-key model: no `id`, the key in get, update and delete.
    @Test func dualKeyModelHasNoID() throws {
        let catalogue = try load(
            """
            type RecipeStep @model @key(fields: ["recipeID", "rowID"]) { recipeID: ID!, rowID: Int!, action: String }
            """)
        let step = try #require(catalogue.models["RecipeStep"])
        #expect(step.primaryKey == ["recipeID", "rowID"])
        #expect(step.field("id") == nil)
        #expect(step.operations.getArguments.map(\.name) == ["recipeID", "rowID"])
        #expect(
            step.operations.listArguments.map(\.name) == [
                "recipeID", "rowID", "filter", "limit", "nextToken", "sortDirection",
            ])
        let update = try #require(catalogue.inputObjects["UpdateRecipeStepInput"])
        #expect(update.fields.map(\.name) == ["recipeID", "rowID", "action"])
    }

    @Test func mixingGenerationsIsASchemaError() throws {
        let source = """
            type Post @model @key(fields: ["slug"]) { slug: String!, comments: [Comment] @hasMany }
            type Comment @model { id: ID! }
            """
        #expect {
            try load(source)
        } throws: { error in
            guard let error = error as? GQLPatchError else { return false }
            return error.code == .configuration
                && error.message.hasPrefix(
                    "schema.graphql:1:78: error: the schema mixes v1 transformer directives (@key (schema.graphql:1:18))"
                )
                && error.message.contains("v2 ones (@hasMany (schema.graphql:1:78))")
        }
    }

    @Test func withoutDirectivesOrCLIJSONTheSchemaIsV2() throws {
        let source = "type Person @model { id: ID!, name: String }"
        #expect(try load(source).models["Person"]?.operations.list == "listPeople")
        let v1 = try load(source, features: AmplifyCLIFeatures(transformerVersion: 1))
        #expect(v1.models["Person"]?.operations.list == "listPersons")
        #expect(v1.models["Person"]?.operations.updateInput.flatMap { v1.inputObjects[$0]?.field("createdAt") } == nil)
    }

    /// `cli.json` is found at `<project>/amplify/cli.json` above `amplify/backend/api/<name>/schema.graphql`,
    /// and `transform.conf.json` beside the schema may have trailing commas.
    @Test func projectFilesAreFoundAndReadLeniently() throws {
        let schema = Array("type Status @model { id: ID!, name: String }".utf8)
        let files = FileSystem.memory([
            "backend/api/app/schema.graphql": schema,
            "/p/amplify/cli.json": Array(#"{"features": {"graphqltransformer": {"transformerversion": 1,},},}"#.utf8),
            "/p/amplify/backend/api/app/schema.graphql": schema,
            "/p/amplify/backend/api/app/transform.conf.json": Array(
                #"{ "Version": 5, "ResolverConfig": {"project": {"ConflictDetection": "VERSION",},}, }"#.utf8),
        ])
        let catalogue = try CatalogueLoader.load(path: "/p/amplify/backend/api/app/schema.graphql", files: files)
        let status = try #require(catalogue.models["Status"])
        #expect(status.operations.list == "listStatuss")
        #expect(status.operations.sync == "syncStatuses")
        #expect(status.isVersioned)
        let relative = try CatalogueLoader.load(
            path: "backend/api/app/schema.graphql", files: files, workingDirectory: "/p/amplify")
        #expect(relative.models["Status"]?.operations.list == "listStatuss")
    }

    /// Trailing commas are accepted in the project files only; a string's `,}` is kept.
    @Test func trailingCommasAreDroppedOutsideStrings() throws {
        let text = #"{"a": ",}", "b": [1, 2,], }"#
        let json = try CatalogueLoader.parseProjectJSON(Array(text.utf8), file: "x.json")
        #expect(json["a"]?.stringValue == ",}")
        #expect(json["b"]?.arrayValue?.count == 2)
        #expect(throws: GQLPatchError.self) { try CatalogueLoader.parseJSON(Array(text.utf8), file: "x.json") }
        // A comma after no value is no trailing comma: the error stays at it.
        #expect {
            try CatalogueLoader.parseProjectJSON(Array(#"{"a": ,}"#.utf8), file: "x.json")
        } throws: { error in
            (error as? GQLPatchError)?.message.hasPrefix("x.json:1:7: error: ") == true
        }
    }

    /// v2 `respectprimarykeyattributesonconnectionfield`: false (a cli.json without it) names the implicit
    /// key `<model><Field>Id: ID`; true (no cli.json, or the flag set) after the related primary key.
    @Test func respectPrimaryKeyFlagNamesImplicitForeignKeys() throws {
        let source = """
            type Project @model { id: ID!, team: Team @hasOne }
            type Team @model { code: String! @primaryKey, name: String }
            """
        let current = try load(source)
        #expect(current.inputObjects["CreateProjectInput"]?.field("projectTeamCode")?.type == .named("String"))
        #expect(current.inputObjects["CreateProjectInput"]?.field("projectTeamId") == nil)
        let existingProject = AmplifyCLIFeatures(
            json: try CatalogueLoader.parseJSON(
                Array(#"{"features": {"graphqltransformer": {"transformerversion": 2}}}"#.utf8), file: "cli.json"))
        #expect(!existingProject.respectPrimaryKeyAttributesOnConnectionField)
        let old = try load(source, features: existingProject)
        #expect(old.inputObjects["CreateProjectInput"]?.field("projectTeamId")?.type == .named("ID"))
        #expect(old.inputObjects["CreateProjectInput"]?.field("projectTeamCode") == nil)
        let team = try #require(old.models["Project"]?.field("team")?.relationship)
        #expect(team.keyFields == ["projectTeamId"])
    }

    /// The Amplify CLI's rule (`getTransformerVersion`): `useexperimentalpipelinedtransformer` decides, and a
    /// `cli.json` without it is an existing project on v1. The corpus has all three shapes (19 projects with
    /// true and version 2, one with false and version 1, ten with neither flag, compiled by v1).
    @Test(arguments: [
        (
            #"{"features": {"graphqltransformer": {"useexperimentalpipelinedtransformer": true, "transformerversion": 2}}}"#,
            2
        ),
        (
            #"{"features": {"graphqltransformer": {"useExperimentalPipelinedTransformer": true, "transformerversion": 1}}}"#,
            2
        ),
        (
            #"{"features": {"graphqltransformer": {"useexperimentalpipelinedtransformer": false, "transformerversion": 2}}}"#,
            1
        ),
        (#"{"features": {"graphqltransformer": {"addmissingownerfields": true}}}"#, 1),
        (#"{"features": {}}"#, 1),
    ])
    func pipelinedTransformerFlagDecidesTheGeneration(_ text: String, _ version: Int) throws {
        let features = AmplifyCLIFeatures(json: try CatalogueLoader.parseJSON(Array(text.utf8), file: "cli.json"))
        #expect(features.transformerVersion == version)
        #expect(AmplifyCLIFeatures().transformerVersion == nil, "no cli.json: a new project, read as v2")
    }

}
