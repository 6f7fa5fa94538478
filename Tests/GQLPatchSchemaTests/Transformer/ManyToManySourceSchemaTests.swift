import Foundation
import GQLPatchTestSupport
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// v2 `@manyToMany(relationName:)`: the join model the transformer generates (its key fields, indexes,
/// operations and inputs) and the `@hasMany` connection fields on both sides, read from the source as
/// the compiled schema reads.
@Suite struct ManyToManySourceSchemaTests {
    /// The "both models with sort key" case of amplify-category-api's many-to-many transformer test,
    /// with the compiled schema its snapshot holds (the model types, operations and model inputs).
    static let bothSortKeysSource = """
        type ModelA @model {
          id: ID! @primaryKey(sortKeyFields: ["sortId"])
          sortId: ID!
          models: [ModelB] @manyToMany(relationName: "ModelAModelB")
        }
        type ModelB @model {
          id: ID! @primaryKey(sortKeyFields: ["sortId"])
          sortId: ID!
          models: [ModelA] @manyToMany(relationName: "ModelAModelB")
        }
        """
    static let bothSortKeysCompiled = """
        type ModelA {
          id: ID!
          sortId: ID!
          models(filter: ModelModelAModelBFilterInput, sortDirection: ModelSortDirection, limit: Int, nextToken: String): ModelModelAModelBConnection
          createdAt: AWSDateTime!
          updatedAt: AWSDateTime!
        }
        type ModelB {
          id: ID!
          sortId: ID!
          models(filter: ModelModelAModelBFilterInput, sortDirection: ModelSortDirection, limit: Int, nextToken: String): ModelModelAModelBConnection
          createdAt: AWSDateTime!
          updatedAt: AWSDateTime!
        }
        type ModelAModelB {
          id: ID!
          modelAID: ID!
          modelAsortId: ID!
          modelBID: ID!
          modelBsortId: ID!
          modelA: ModelA!
          modelB: ModelB!
          createdAt: AWSDateTime!
          updatedAt: AWSDateTime!
        }
        input ModelStringInput { ne: String eq: String }
        input ModelIDInput { ne: ID eq: ID }
        input ModelIDKeyConditionInput { eq: ID le: ID lt: ID ge: ID gt: ID between: [ID] beginsWith: ID }
        enum ModelSortDirection { ASC DESC }
        type ModelModelAConnection { items: [ModelA]! nextToken: String }
        type ModelModelBConnection { items: [ModelB]! nextToken: String }
        type ModelModelAModelBConnection { items: [ModelAModelB]! nextToken: String }
        input ModelModelAFilterInput { id: ModelIDInput sortId: ModelIDInput and: [ModelModelAFilterInput] or: [ModelModelAFilterInput] not: ModelModelAFilterInput }
        input ModelModelBFilterInput { id: ModelIDInput sortId: ModelIDInput and: [ModelModelBFilterInput] or: [ModelModelBFilterInput] not: ModelModelBFilterInput }
        type Query {
          getModelA(id: ID!, sortId: ID!): ModelA
          listModelAS(id: ID, sortId: ModelIDKeyConditionInput, filter: ModelModelAFilterInput, limit: Int, nextToken: String, sortDirection: ModelSortDirection): ModelModelAConnection
          getModelB(id: ID!, sortId: ID!): ModelB
          listModelBS(id: ID, sortId: ModelIDKeyConditionInput, filter: ModelModelBFilterInput, limit: Int, nextToken: String, sortDirection: ModelSortDirection): ModelModelBConnection
          getModelAModelB(id: ID!): ModelAModelB
          listModelAModelBS(filter: ModelModelAModelBFilterInput, limit: Int, nextToken: String): ModelModelAModelBConnection
        }
        input ModelModelAConditionInput { and: [ModelModelAConditionInput] or: [ModelModelAConditionInput] not: ModelModelAConditionInput }
        input CreateModelAInput { id: ID sortId: ID! }
        input UpdateModelAInput { id: ID! sortId: ID! }
        input DeleteModelAInput { id: ID! sortId: ID! }
        input ModelModelBConditionInput { and: [ModelModelBConditionInput] or: [ModelModelBConditionInput] not: ModelModelBConditionInput }
        input CreateModelBInput { id: ID sortId: ID! }
        input UpdateModelBInput { id: ID! sortId: ID! }
        input DeleteModelBInput { id: ID! sortId: ID! }
        type Mutation {
          createModelA(input: CreateModelAInput!, condition: ModelModelAConditionInput): ModelA
          updateModelA(input: UpdateModelAInput!, condition: ModelModelAConditionInput): ModelA
          deleteModelA(input: DeleteModelAInput!, condition: ModelModelAConditionInput): ModelA
          createModelB(input: CreateModelBInput!, condition: ModelModelBConditionInput): ModelB
          updateModelB(input: UpdateModelBInput!, condition: ModelModelBConditionInput): ModelB
          deleteModelB(input: DeleteModelBInput!, condition: ModelModelBConditionInput): ModelB
          createModelAModelB(input: CreateModelAModelBInput!, condition: ModelModelAModelBConditionInput): ModelAModelB
          updateModelAModelB(input: UpdateModelAModelBInput!, condition: ModelModelAModelBConditionInput): ModelAModelB
          deleteModelAModelB(input: DeleteModelAModelBInput!, condition: ModelModelAModelBConditionInput): ModelAModelB
        }
        input ModelModelAModelBFilterInput {
          id: ModelIDInput modelAID: ModelIDInput modelAsortId: ModelIDInput modelBID: ModelIDInput modelBsortId: ModelIDInput
          and: [ModelModelAModelBFilterInput] or: [ModelModelAModelBFilterInput] not: ModelModelAModelBFilterInput
        }
        input ModelModelAModelBConditionInput {
          modelAID: ModelIDInput modelAsortId: ModelIDInput modelBID: ModelIDInput modelBsortId: ModelIDInput
          and: [ModelModelAModelBConditionInput] or: [ModelModelAModelBConditionInput] not: ModelModelAModelBConditionInput
        }
        input CreateModelAModelBInput { id: ID modelAID: ID! modelAsortId: ID! modelBID: ID! modelBsortId: ID! }
        input UpdateModelAModelBInput { id: ID! modelAID: ID modelAsortId: ID modelBID: ID modelBsortId: ID }
        input DeleteModelAModelBInput { id: ID! }
        """

    /// The snapshot's transformer ran without `respectprimarykeyattributesonconnectionfield`.
    static let withoutRespectFlag = AmplifyCLIFeatures(respectPrimaryKeyAttributesOnConnectionField: false)

    private func load(
        _ source: String, features: AmplifyCLIFeatures = AmplifyCLIFeatures(), transformConfig: String? = nil
    ) throws -> ModelCatalogue {
        let config = try transformConfig.map {
            try CatalogueLoader.parseProjectJSON(Array($0.utf8), file: "transform.conf.json")
        }
        return try CatalogueLoader.load(
            bytes: Array(source.utf8), file: "schema.graphql", transformConfig: config, features: features)
    }

    @Test func joinModelWithSortKeysOnBothSidesAgreesWithTheTransformersSnapshot() throws {
        let source = try load(Self.bothSortKeysSource, features: Self.withoutRespectFlag)
        let compiled = try load(Self.bothSortKeysCompiled)
        #expect(source.modelNames.sorted() == ["ModelA", "ModelAModelB", "ModelB"])
        let differences = Self.differences(source: source, compiled: compiled, models: compiled.modelNames)
        #expect(differences == [])
        let join = try #require(source.models["ModelAModelB"])
        #expect(join.indexes.map(\.name) == ["byModelA", "byModelB"])
        #expect(join.indexes.map(\.keyFields) == [["modelAID", "modelAsortId"], ["modelBID", "modelBsortId"]])
        #expect(join.indexes.map(\.queryField) == [nil, nil])
        let models = try #require(source.models["ModelA"]?.field("models")?.relationship)
        #expect(
            models
                == Relationship(kind: .hasMany, relatedModel: "ModelAModelB", keyFields: ["modelAID", "modelAsortId"]))
        #expect(join.field("modelA")?.relationship?.keyFields == ["modelAID", "modelAsortId"])
    }

    @Test func respectPrimaryKeyFlagNamesTheJoinKeysAfterTheKeysAndTypesThem() throws {
        let catalogue = try load(
            """
            type Post @model {
              slug: String! @primaryKey
              title: String
              tags: [Tag] @manyToMany(relationName: "postTags")
            }
            type Tag @model {
              id: ID!
              label: String
              posts: [Post] @manyToMany(relationName: "postTags")
            }
            """)
        let join = try #require(catalogue.models["PostTags"])
        #expect(
            join.fields.map { "\($0.name): \($0.type)" } == [
                "id: ID!", "postSlug: String!", "tagId: ID!", "post: Post!", "tag: Tag!",
                "createdAt: AWSDateTime!", "updatedAt: AWSDateTime!",
            ])
        #expect(join.primaryKey == ["id"])
        let operations = join.operations
        #expect(
            [operations.get, operations.list, operations.create, operations.update, operations.delete]
                == ["getPostTags", "listPostTags", "createPostTags", "updatePostTags", "deletePostTags"])
        let create = try #require(catalogue.inputObjects["CreatePostTagsInput"])
        #expect(create.fields.map { "\($0.name): \($0.type)" } == ["id: ID", "postSlug: String!", "tagId: ID!"])
        #expect(join.indexes.map(\.keyFields) == [["postSlug"], ["tagId"]])
        #expect(catalogue.models["Post"]?.field("tags")?.type == .named("ModelPostTagsConnection"))
        #expect(catalogue.models["Tag"]?.field("posts")?.relationship?.keyFields == ["tagId"])
    }

    /// The join model's name: `graphqlName(upperFirst(relationName))`, as `getGraphqlRelationName`.
    @Test func relationNamesBecomeTypeNames() throws {
        #expect(ManyToManyExpansion.graphqlName(AmplifyNaming.upperFirst("foo   Bar")) == "FooBar")
        #expect(ManyToManyExpansion.graphqlName("9Post-Tags") == "PostTags")
        let catalogue = try load(
            """
            type A @model { id: ID!, bs: [B] @manyToMany(relationName: "a b") }
            type B @model { id: ID!, as: [A] @manyToMany(relationName: "a b") }
            """)
        #expect(catalogue.models["Ab"]?.operations.get == "getAb")
    }

    /// A cascading delete must not follow a join row's side fields to the two models it joins.
    @Test func theJoinModelsSideFieldsBelongToTheSides() throws {
        let catalogue = try load(Self.bothSortKeysSource)
        let join = try #require(catalogue.models["ModelAModelB"])
        #expect(join.field("modelA")?.relationship?.kind == .belongsTo)
        #expect(join.field("modelB")?.relationship?.kind == .belongsTo)
        #expect(catalogue.models["ModelB"]?.field("models")?.relationship?.kind == .hasMany)
    }

    /// `id: ID! @primaryKey` stays optional in the create input (the resolver makes one up), as the
    /// transformer's snapshot above and real Gen 2 output (`CreateProfileInput { id: ID ...`) show.
    @Test func anIDPrimaryKeyIsOptionalOnCreate() throws {
        let catalogue = try load("type Profile @model { id: ID! @primaryKey, email: String }")
        #expect(
            catalogue.inputObjects["CreateProfileInput"]?.fields.map { "\($0.name): \($0.type)" } == [
                "id: ID", "email: String",
            ])
        let custom = try load("type User @model { email: String! @primaryKey, name: String }")
        #expect(custom.inputObjects["CreateUserInput"]?.fields.first?.type == .nonNull(.named("String")))
    }

    @Test func versionedProjectsVersionTheJoinModel() throws {
        let catalogue = try load(
            """
            type Student @model { id: ID!, courses: [Course] @manyToMany(relationName: "Enrollment") }
            type Course @model { id: ID!, students: [Student] @manyToMany(relationName: "Enrollment") }
            """,
            transformConfig: V1SourceSchemaTests.conflictDetectionOn)
        let join = try #require(catalogue.models["Enrollment"])
        #expect(join.isVersioned)
        #expect(join.operations.sync == "syncEnrollments")
        #expect(join.fields.map(\.name).suffix(3) == ["_version", "_deleted", "_lastChangedAt"])
        let update = try #require(catalogue.inputObjects["UpdateEnrollmentInput"])
        #expect(update.fields.map(\.name) == ["id", "studentId", "courseId", "_version"])
        let unversioned = try load(
            """
            type Student @model { id: ID!, courses: [Course] @manyToMany(relationName: "Enrollment") }
            type Course @model { id: ID!, students: [Student] @manyToMany(relationName: "Enrollment") }
            """)
        #expect(unversioned.models["Enrollment"]?.isVersioned == false)
        #expect(unversioned.models["Enrollment"]?.operations.sync == nil)
    }

    @Test func aRelationUsedOnceIsASchemaErrorAtItsDirective() throws {
        let error = try #require(throws: GQLPatchError.self) {
            try load(
                """
                type Student @model { id: ID!, courses: [Course] @manyToMany(relationName: "Enrollment") }
                type Course @model { id: ID! }
                """)
        }
        #expect(error.code == .configuration)
        #expect(
            error.message.hasPrefix(
                "schema.graphql:1:50: error: @manyToMany relation \"Enrollment\" must be used in exactly two fields"))
    }

    @Test func aRelationBetweenTheWrongModelsIsASchemaError() throws {
        let error = try #require(throws: GQLPatchError.self) {
            try load(
                """
                type A @model { id: ID!, bs: [B] @manyToMany(relationName: "AB") }
                type B @model { id: ID!, cs: [C] @manyToMany(relationName: "AB") }
                type C @model { id: ID! }
                """)
        }
        #expect(error.code == .configuration)
        #expect(
            error.message.hasPrefix(
                "schema.graphql:2:34: error: @manyToMany relation \"AB\" expects \"C\" but its other field is on \"A\"")
        )
    }

    // MARK: - Corpus

    /// The corpus projects whose source schema uses `@manyToMany`.
    static var corpusPairs: [String] {
        let corpus = Fixture.sharedAmplify.appendingPathComponent("corpus")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.sorted().filter { name in
            let source = corpus.appendingPathComponent(name).appendingPathComponent("source.graphql")
            return (try? String(contentsOf: source, encoding: .utf8))?.contains("@manyToMany") == true
        }
    }

    @Test func theCorpusHasManyToManyPairs() {
        withKnownIssue("../shared/testdata/amplify is not beside the repository", isIntermittent: true) {
            #expect(Fixture.sharedAvailable)
        }
        if Fixture.sharedAvailable { #expect(!Self.corpusPairs.isEmpty) }
    }

    /// Every join model (and the models around it) reads from the source with the project's
    /// `transform.conf.json` and `cli.json` as from the schema the transformer compiled.
    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing), arguments: corpusPairs)
    func corpusJoinModelsAgreeWithTheCompiledSchema(_ pair: String) throws {
        let folder = Fixture.sharedAmplify.appendingPathComponent("corpus").appendingPathComponent(pair)
        func text(_ name: String) -> String? {
            try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        let sourceText = try #require(text("source.graphql"))
        let features = try text("cli.json").map {
            AmplifyCLIFeatures(json: try CatalogueLoader.parseProjectJSON(Array($0.utf8), file: "cli.json"))
        }
        let source = try load(
            sourceText, features: features ?? AmplifyCLIFeatures(), transformConfig: text("transform.conf.json"))
        let compiled = try load(try #require(text("compiled.graphql")))
        let declared = Set(compiled.modelNames.filter { sourceText.contains("type \($0) ") })
        let joins = compiled.modelNames.filter { !declared.contains($0) }
        #expect(!joins.isEmpty)
        #expect(Set(source.modelNames) == Set(compiled.modelNames))
        #expect(Self.differences(source: source, compiled: compiled, models: compiled.modelNames) == [])
    }

    /// Where two catalogues disagree on the named models: primary keys, versioning, operation and input
    /// names, get and list arguments, fields (name, type, kind, relationship target), and the fields of
    /// every input the operations name. `createdAt`/`updatedAt` in a filter or condition input, which a
    /// pre-2023 transformer did not put there, are named as such ("old compiler") instead of differing.
    static func differences(source: ModelCatalogue, compiled: ModelCatalogue, models: [String]) -> [String] {
        var found: [String] = []
        var inputs: [String] = []
        for name in models {
            guard let s = source.models[name], let c = compiled.models[name] else {
                found.append("\(name): missing from the source catalogue")
                continue
            }
            if s.primaryKey != c.primaryKey { found.append("\(name) key: \(s.primaryKey) vs \(c.primaryKey)") }
            if s.isVersioned != c.isVersioned { found.append("\(name) versioned: \(s.isVersioned)") }
            let (so, co) = (s.operations, c.operations)
            let names = [so.get, so.list, so.sync, so.create, so.update, so.delete]
            let compiledNames = [co.get, co.list, co.sync, co.create, co.update, co.delete]
            if names != compiledNames { found.append("\(name) operations: \(names) vs \(compiledNames)") }
            let ins = [so.createInput, so.updateInput, so.deleteInput, so.conditionInput, so.filterInput]
            let compiledIns = [co.createInput, co.updateInput, co.deleteInput, co.conditionInput, co.filterInput]
            if ins != compiledIns { found.append("\(name) inputs: \(ins) vs \(compiledIns)") }
            let describe = { (arguments: [OperationArgument]) in arguments.map { "\($0.name): \($0.type)" } }
            if describe(so.getArguments) != describe(co.getArguments) {
                found.append("\(name) get: \(describe(so.getArguments)) vs \(describe(co.getArguments))")
            }
            if describe(so.listArguments) != describe(co.listArguments) {
                found.append("\(name) list: \(describe(so.listArguments)) vs \(describe(co.listArguments))")
            }
            let field = { (f: ModelField) in
                "\(f.name): \(f.type) \(f.kind) \(f.relationship.map { "\($0.kind) \($0.relatedModel)" } ?? "")"
            }
            if s.fields.map(field) != c.fields.map(field) {
                found.append("\(name) fields: \(s.fields.map(field)) vs \(c.fields.map(field))")
            }
            inputs += compiledIns.compactMap { $0 }
        }
        var seen: Set<String> = []
        while let input = inputs.popLast() {
            guard seen.insert(input).inserted, let c = compiled.inputObjects[input] else { continue }
            guard let s = source.inputObjects[input] else {
                found.append("input \(input): missing from the source catalogue")
                continue
            }
            let oldCompiler = (input.hasSuffix("FilterInput") || input.hasSuffix("ConditionInput"))
            let sourceFields = s.fields.filter { field in
                !(oldCompiler && ["createdAt", "updatedAt"].contains(field.name) && c.field(field.name) == nil)
            }.map { "\($0.name): \($0.type)" }
            let compiledFields = c.fields.map { "\($0.name): \($0.type)" }
            if sourceFields != compiledFields { found.append("input \(input): \(sourceFields) vs \(compiledFields)") }
        }
        return found
    }
}
