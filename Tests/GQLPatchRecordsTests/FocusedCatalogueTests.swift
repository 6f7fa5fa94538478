import Foundation
import GQLPatchTestSupport
import Testing

@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct FocusedCatalogueTests {
    /// Compiled with the emulator's `--print-schema` (library: `--conflict-handler optimistic`) from
    /// `Tests/Fixtures/library/library.graphql` and the repository's `schema.graphql`.
    static let compiledSchemas = ["library.compiled.graphql", "schema.compiled.graphql"]

    static func path(_ name: String) -> String {
        Fixture.root.appendingPathComponent("Tests/Fixtures/focus").appendingPathComponent(name).path
    }

    static func load(_ bytes: [UInt8], focus: CatalogueFocus?) throws(GQLPatchError) -> ModelCatalogue {
        try CatalogueLoader.load(path: "c.graphql", files: .memory(["c.graphql": bytes]), focus: focus)
    }

    /// The input types an operation of `model` names, and the input types those reach.
    static func inputsReached(by model: Model, in catalogue: ModelCatalogue) -> Set<String> {
        let ops = model.operations
        var queue =
            [ops.updateInput, ops.createInput, ops.deleteInput, ops.conditionInput, ops.filterInput].compactMap { $0 }
            + (ops.getArguments + ops.listArguments).map(\.type.namedType)
        var seen: Set<String> = []
        while let name = queue.popLast() {
            guard let input = catalogue.inputObjects[name], seen.insert(name).inserted else { continue }
            queue += input.fields.map(\.type.namedType)
        }
        return seen
    }

    static func related(_ model: Model) -> Set<String> {
        Set(model.fields.compactMap { $0.relationship?.relatedModel })
    }

    @Test(arguments: compiledSchemas)
    func everyModelAloneMatchesTheWholeRead(_ schema: String) throws {
        try Self.expectEveryModelAloneMatchesTheWholeRead(
            Array(try Data(contentsOf: URL(fileURLWithPath: Self.path(schema)))))
    }

    /// Loads each model of `bytes` alone and compares it (its related models, the input, enum and
    /// non-model types it reaches) with the whole read.
    static func expectEveryModelAloneMatchesTheWholeRead(_ bytes: [UInt8]) throws {
        let full = try load(bytes, focus: nil)
        #expect(full.models.count >= 2)
        for name in full.modelNames {
            let model = try #require(full.models[name])
            let focused = try load(bytes, focus: CatalogueFocus(models: [name]))
            #expect(focused.modelNames == full.modelNames)
            #expect(Set(focused.models.keys) == related(model).union([name]), "\(name)")
            for (relatedName, relatedModel) in focused.models {
                #expect("\(relatedModel)" == "\(full.models[relatedName]!)", "\(name): \(relatedName)")
            }
            let inputs = inputsReached(by: model, in: full)
            #expect(!inputs.isEmpty)
            for input in inputs {
                #expect(
                    "\(String(describing: focused.inputObjects[input]))"
                        == "\(String(describing: full.inputObjects[input]))")
            }
            for field in model.fields {
                switch field.kind {
                case .enumeration: #expect(focused.enums[field.type.namedType] == full.enums[field.type.namedType])
                case .nonModel:
                    let type = field.type.namedType
                    #expect(focused.nonModelTypes[type] != nil)
                    #expect(
                        "\(String(describing: focused.nonModelTypes[type]))"
                            == "\(String(describing: full.nonModelTypes[type]))")
                default: break
                }
            }
            #expect(focused.scalars == full.scalars)
        }
    }

    @Test func cascadeFollowsRelationsTransitively() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.path("library.compiled.graphql"))))
        let full = try Self.load(bytes, focus: nil)
        for name in full.modelNames {
            var closure: Set<String> = [name]
            var queue = [name]
            while let next = queue.popLast() {
                for related in Self.related(full.models[next]!) where closure.insert(related).inserted {
                    queue.append(related)
                }
            }
            let focused = try Self.load(
                bytes, focus: CatalogueFocus(models: [name], followsRelationsTransitively: true))
            #expect(Set(focused.models.keys) == closure)
            for (modelName, model) in focused.models { #expect("\(model)" == "\(full.models[modelName]!)") }
        }
    }

    @Test func unknownModelKeepsEveryModelName() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.path("schema.compiled.graphql"))))
        let focused = try Self.load(bytes, focus: CatalogueFocus(models: ["Itme"]))
        #expect(focused.models.isEmpty)
        #expect(focused.modelNames == (try Self.load(bytes, focus: nil)).modelNames)
        #expect(throws: GQLPatchError.self) { try ModelLookup.model(named: "Itme", in: focused) }
        do {
            _ = try ModelLookup.model(named: "Itme", in: focused)
        } catch {
            #expect(error.message.hasPrefix("unknown model 'Itme' (did you mean 'Item'?); the schema has: Item, "))
        }
    }

    /// `text` with `old` replaced once (which must be there).
    static func edited(_ text: String, _ old: String, _ new: String) throws -> [UInt8] {
        let range = try #require(text.range(of: old))
        return Array(text.replacingCharacters(in: range, with: new).utf8)
    }

    static func message(_ bytes: [UInt8], focus: CatalogueFocus?) -> String? {
        do {
            _ = try load(bytes, focus: focus)
            return nil
        } catch {
            return error.message
        }
    }

    /// Lexical errors anywhere, and syntax errors in the definitions read, are reported as by a whole read.
    @Test(arguments: [
        // In a type the focus on Item skips: an unterminated string, a bad character, an unbalanced brace.
        ("type RealEstateProperty {", "type RealEstateProperty {\n  \"unterminated", "unterminated string"),
        ("type RealEstateProperty {", "type RealEstateProperty { %", "unexpected character \"%\""),
        ("type RealEstateProperty {", "type RealEstateProperty { {", "expected Name, found \"{\""),
        // In the mutation type and in the focused model's update input, both read.
        ("updateItem(input:", "updateItem(input:: ", "expected Name, found \":\""),
        (
            "input UpdateItemInput {\n  id: ID!", "input UpdateItemInput {\n  id ID!",
            "expected \":\", found Name \"ID\""
        ),
        // A duplicate type.
        ("type Query {", "scalar Item\ntype Query {", "duplicate definition of type \"Item\""),
    ])
    func errorsAreReportedAsByAWholeRead(_ old: String, _ new: String, _ expected: String) throws {
        let text = try String(contentsOfFile: Self.path("schema.compiled.graphql"), encoding: .utf8)
        let bytes = try Self.edited(text, old, new)
        let whole = try #require(Self.message(bytes, focus: nil))
        #expect(whole.contains(": error: " + expected))
        #expect(Self.message(bytes, focus: CatalogueFocus(models: ["Item"])) == whole)
    }

    /// A grammar error inside a definition the focus never parses is not found (documented on
    /// `CompiledSchemaReader.readFocused`); the whole read reports it.
    @Test func grammarErrorInASkippedDefinitionIsTolerated() throws {
        let text = try String(contentsOfFile: Self.path("schema.compiled.graphql"), encoding: .utf8)
        let bytes = try Self.edited(text, "type RealEstateProperty {\n  id: ID!", "type RealEstateProperty {\n  id ID!")
        #expect(Self.message(bytes, focus: nil)?.contains("error: expected \":\", found Name \"ID\"") == true)
        let focused = try Self.load(bytes, focus: CatalogueFocus(models: ["Item"]))
        #expect(focused.models["Item"] != nil)
        #expect(focused.models["RealEstateProperty"] == nil)
    }

    @Test func versionedOverrideAppliesToFocusedModels() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.path("library.compiled.graphql"))))
        let name = try #require(try Self.load(bytes, focus: nil).modelNames.first)
        let focused = try CatalogueLoader.load(
            path: "c.graphql", files: .memory(["c.graphql": bytes]), versioned: false,
            focus: CatalogueFocus(models: [name]))
        #expect(focused.models[name]?.isVersioned == false)
        #expect(try Self.load(bytes, focus: CatalogueFocus(models: [name])).models[name]?.isVersioned == true)
    }

    /// Root fields split over extensions of the query and mutation types, and a root type that a
    /// non-model type refers to (read whole then), read as the whole read does.
    @Test func rootTypeExtensionsAndReferences() throws {
        var text = try String(contentsOfFile: Self.path("schema.compiled.graphql"), encoding: .utf8)
        for (old, new) in [
            ("  getRecipe(id: ID!): Recipe\n", ""),
            ("  updateRecipe(input: UpdateRecipeInput!, condition: ModelRecipeConditionInput): Recipe\n", ""),
            ("  size: Int\n}", "  size: Int\n  root: Query\n}"),
        ] {
            text = String(decoding: try Self.edited(text, old, new), as: UTF8.self)
        }
        text += """

            extend type Query {
              "A description with } and )" getRecipe(id: ID!): Recipe # a comment with {
            }
            extend type Mutation @aws_api_key {
              updateRecipe(input: UpdateRecipeInput!, condition: ModelRecipeConditionInput = {and: [{}]}): Recipe
            }

            """
        try Self.expectEveryModelAloneMatchesTheWholeRead(Array(text.utf8))
        let recipe = try #require(
            try Self.load(Array(text.utf8), focus: CatalogueFocus(models: ["Recipe"])).models["Recipe"])
        #expect(recipe.operations.get == "getRecipe" && recipe.operations.update == "updateRecipe")
    }

    /// A root field name used twice (here across a type and its extension) is an error of the whole
    /// read, whatever model the focus names.
    @Test(arguments: ["Item", "Recipe"])
    func duplicateRootFieldIsReportedAsByAWholeRead(_ model: String) throws {
        let text =
            try String(contentsOfFile: Self.path("schema.compiled.graphql"), encoding: .utf8)
            + "\nextend type Mutation {\n  deleteItem(input: DeleteItemInput!): Item\n}\n"
        let bytes = Array(text.utf8)
        let whole = try #require(Self.message(bytes, focus: nil))
        #expect(whole.contains(": error: duplicate field \"Mutation.deleteItem\""))
        #expect(Self.message(bytes, focus: CatalogueFocus(models: [model])) == whole)
    }

    /// A grammar error in a root field: the field scan finds a missing `:` anywhere in the root
    /// types (the whole read then reports it); one inside a default value is found only when the
    /// field is parsed, that is when the focus needs it.
    @Test func grammarErrorsInRootFields() throws {
        let text = try String(contentsOfFile: Self.path("schema.compiled.graphql"), encoding: .utf8)
        let missingColon = try Self.edited(
            text, "listRecipes(filter: ModelRecipeFilterInput", "listRecipes(filter ModelRecipeFilterInput")
        let whole = try #require(Self.message(missingColon, focus: nil))
        #expect(whole.contains(": error: expected \":\", found Name \"ModelRecipeFilterInput\""))
        #expect(Self.message(missingColon, focus: CatalogueFocus(models: ["Item"])) == whole)

        let badDefault = try Self.edited(
            text, "listRecipes(filter: ModelRecipeFilterInput, limit: Int",
            "listRecipes(filter: ModelRecipeFilterInput, limit: Int = {a 1}")
        let wholeDefault = try #require(Self.message(badDefault, focus: nil))
        #expect(wholeDefault.contains(": error: expected \":\", found Int \"1\""))
        #expect(Self.message(badDefault, focus: CatalogueFocus(models: ["Recipe"])) == wholeDefault)
        let item = try Self.load(badDefault, focus: CatalogueFocus(models: ["Item"]))
        #expect(item.models["Item"] != nil)
    }
}
