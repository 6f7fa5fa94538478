import Foundation
import GQLPatchTestSupport
import GraphQLSDL
import JSON
import Testing

@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// `SequenceDescription` (issue 18): a parent's records numbered by an Int field that a key sorts, in
/// the primary-key form (v2 `@primaryKey`, v1 `@key`) and the index form, read by that key's query;
/// anything else is refused with exit 65 before anything is sent.
@Suite struct SequenceDescriptionTests {
    static let primaryKeyForm: ModelCatalogue = {
        do { return try CatalogueLoader.load(path: Fixture.repositorySchema, files: .local) } catch {
            fatalError("\(error)")
        }
    }()
    static let indexForm: ModelCatalogue = {
        let path = Fixture.root.appendingPathComponent("Tests/Fixtures/sequences/schema.graphql").path
        do { return try CatalogueLoader.load(path: path, files: .local) } catch { fatalError("\(error)") }
    }()

    static func catalogue(_ sdl: String, autoQueries: Bool = true) throws -> ModelCatalogue {
        try CatalogueLoader.load(
            bytes: Array(sdl.utf8), file: "schema.graphql", transformConfig: nil,
            features: AmplifyCLIFeatures(enableAutoIndexQueryNames: autoQueries))
    }

    static func resolve(
        _ catalogue: ModelCatalogue, parent: [String: String] = ["recipeID": "r1"], order: String,
        model: String = "RecipeStep"
    ) throws(GQLPatchError) -> SequenceDescription {
        try SequenceDescription.resolve(
            model: catalogue.models[model]!,
            parent: parent.sorted { $0.key < $1.key }.map { FieldAssignment(field: $0.key, value: .text($0.value)) },
            orderField: order, orderSource: .next, catalogue: catalogue, readFile: { _ in [] },
            wording: SourceNameWording())
    }

    static func refusal(_ body: () throws(GQLPatchError) -> SequenceDescription) -> GQLPatchError? {
        do {
            _ = try body()
            return nil
        } catch { return error }
    }

    @Test func thePrimaryKeysSortKeyIsReadByTheListQuery() throws {
        let sequence = try Self.resolve(Self.primaryKeyForm, order: "rowID")
        #expect(sequence.source == .primaryKey)
        #expect(sequence.numberIsInKey)
        #expect(sequence.parent == ["recipeID": "r1"])
        #expect(sequence.queryField == "listRecipeSteps")
        #expect(sequence.conditionArgument == "rowID")
        #expect(sequence.key(at: 4) == ["recipeID": "r1", "rowID": 4])
        let largest = sequence.query(order: .desc, limit: 1)
        #expect(largest.field == "listRecipeSteps")
        #expect(largest.index == nil)
        #expect(largest.arguments == ["recipeID": "r1", "sortDirection": "DESC", "limit": 1])
        let from = sequence.query(condition: .ge(3))
        #expect(from.arguments == ["recipeID": "r1", "rowID": ["ge": 3], "sortDirection": "ASC"])
        let request = try DocumentBuilder().listQuery(
            model: sequence.model, selection: SelectionSet(fields: [.init(name: "rowID")]), query: largest)
        #expect(
            request.query.contains("listRecipeSteps(recipeID: $recipeID, limit: $limit, sortDirection: $sortDirection)")
        )
    }

    @Test func anIndexsSortKeyIsReadByTheIndexQuery() throws {
        let sequence = try Self.resolve(Self.indexForm, order: "position")
        #expect(sequence.source == .index("byRecipe"))
        #expect(!sequence.numberIsInKey)
        #expect(sequence.key(at: 4) == nil)
        #expect(sequence.queryField == "recipeStepsByRecipeIDAndPosition")
        #expect(sequence.conditionArgument == "position")
        let query = sequence.query(condition: .between(2, 5), limit: 50)
        #expect(query.index == "byRecipe")
        #expect(
            query.arguments == [
                "recipeID": "r1", "position": ["between": [2, 5]], "sortDirection": "ASC", "limit": 50,
            ])
        #expect(sequence.key(of: ["id": "s1", "recipeID": "r1", "position": 2]) == ["id": "s1"])
        #expect(sequence.number(of: ["id": "s1", "position": 2]) == 2)
    }

    @Test func aV1KeyWithASortFieldIsThePrimaryKeyForm() throws {
        let catalogue = try Self.catalogue(
            """
            type RecipeStep @model @key(fields: ["recipeID", "rowID"]) {
              recipeID: ID!
              rowID: Int!
              action: String
            }
            """)
        let sequence = try Self.resolve(catalogue, order: "rowID")
        #expect(sequence.source == .primaryKey)
        #expect(sequence.queryField == "listRecipeSteps")
        #expect(
            sequence.query(order: .desc, limit: 1).arguments == ["recipeID": "r1", "sortDirection": "DESC", "limit": 1])
    }

    @Test func aFieldThatIsNotAnIntIsRefused() {
        let error = Self.refusal { () throws(GQLPatchError) in try Self.resolve(Self.primaryKeyForm, order: "action") }
        #expect(error?.code == .invalidInput)
        #expect(
            error?.message
                == "next field action: RecipeStep.action is String, not Int: a sequence is numbered by an Int field")
        let unknown = Self.refusal { () throws(GQLPatchError) in try Self.resolve(Self.primaryKeyForm, order: "rowId") }
        #expect(unknown?.code == .invalidInput)
        #expect(unknown?.message == "next field rowId: RecipeStep has no field \"rowId\" (did you mean 'rowID'?)")
    }

    @Test func anIntThatNoKeySortsIsRefused() {
        let error = Self.refusal { () throws(GQLPatchError) in try Self.resolve(Self.indexForm, order: "minutes") }
        #expect(error?.code == .invalidInput)
        #expect(
            error?.message
                == "next field minutes: RecipeStep.minutes is not the sort key of RecipeStep's primary key or of an index (primary key (id), index byRecipe (recipeID, position)): a sequence is numbered by a key's only sort-key field"
        )
    }

    @Test func anIndexWithoutAQueryOrACompositeSortKeyIsRefused() throws {
        let catalogue = try Self.catalogue(
            """
            type Step @model {
              id: ID!
              recipeID: ID! @index(name: "byRecipe", sortKeyFields: ["position"])
              position: Int!
              groupID: ID! @index(name: "byGroup", sortKeyFields: ["kind", "rank"], queryField: "stepsByGroup")
              kind: String!
              rank: Int!
            }
            """, autoQueries: false)
        let noQuery = Self.refusal { () throws(GQLPatchError) in
            try Self.resolve(catalogue, order: "position", model: "Step")
        }
        #expect(noQuery?.code == .invalidInput)
        #expect(noQuery?.message.hasPrefix("next field position: Step's index byRecipe has no query") == true)
        let composite = Self.refusal { () throws(GQLPatchError) in
            try Self.resolve(catalogue, parent: ["groupID": "g"], order: "rank", model: "Step")
        }
        #expect(composite?.code == .invalidInput)
        #expect(
            composite?.message.hasPrefix("next field rank: Step's index byGroup sorts by kind, rank together") == true)
    }

    @Test func theParentMustBeExactlyThePartitionKey() {
        let missing = Self.refusal { () throws(GQLPatchError) in
            try Self.resolve(Self.primaryKeyForm, parent: [:], order: "rowID")
        }
        #expect(missing?.code == .invalidInput)
        #expect(
            missing?.message.hasPrefix("key is missing recipeID (the parent of RecipeStep's rowID sequence") == true)
        let number = Self.refusal { () throws(GQLPatchError) in
            try Self.resolve(Self.primaryKeyForm, parent: ["recipeID": "r1", "rowID": "3"], order: "rowID")
        }
        #expect(number?.code == .invalidInput)
        #expect(number?.message.hasPrefix("key field rowID: the number is the sequence's to choose") == true)
        let other = Self.refusal { () throws(GQLPatchError) in
            try Self.resolve(Self.indexForm, parent: ["itemCode": "x"], order: "position")
        }
        #expect(other?.code == .invalidInput)
        #expect(
            other?.message
                == "key field itemCode: not the parent of RecipeStep's position sequence (its parent is recipeID, the partition key of RecipeStep's index byRecipe)"
        )
    }
}
