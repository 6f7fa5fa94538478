import GQLPatchTestSupport
import Testing

@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// Found by the bad-input corpus: a field defined twice in one type was accepted (the second
/// silently shadowed nothing and the update was sent). Fields, input fields and enum values must be
/// unique within a type, its `extend` definitions included.
@Suite struct DuplicateMemberTests {
    @Test(arguments: [
        (
            "type Item @model {\n  id: ID!\n  name: String!\n  name: String\n}",
            "s.graphql:4:3: error: duplicate field \"Item.name\" (first defined at 3:3)"
        ),
        (
            "type Item @model {\n  id: ID!\n  name: String\n}\nextend type Item {\n  name: String\n}",
            "s.graphql:6:3: error: duplicate field \"Item.name\" (first defined at 3:3)"
        ),
        (
            "type Item @model {\n  id: ID!\n  s: Status\n}\nenum Status { A B A }",
            "s.graphql:5:19: error: duplicate enum value \"Status.A\" (first defined at 5:15)"
        ),
        (
            "type T { id: ID! }\ntype Query { getT(id: ID!): T }\ntype Mutation { updateT(input: UpdateTInput!): T }\n"
                + "input UpdateTInput { id: ID! id: ID }",
            "s.graphql:4:30: error: duplicate field \"UpdateTInput.id\" (first defined at 4:22)"
        ),
    ])
    func duplicateIsAConfigurationError(schema: String, message: String) {
        do {
            _ = try CatalogueLoader.load(path: "s.graphql", files: .memory(["s.graphql": Array(schema.utf8)]))
            Issue.record("loaded without error")
        } catch {
            #expect(error.code == .configuration)
            #expect(error.message == message)
        }
    }

    @Test func extensionAddingNewFieldsIsFine() throws {
        let schema = "type Item @model {\n  id: ID!\n}\nextend type Item {\n  name: String\n}"
        let catalogue = try CatalogueLoader.load(path: "s.graphql", files: .memory(["s.graphql": Array(schema.utf8)]))
        #expect(catalogue.models["Item"]?.fields.map(\.name).contains("name") == true)
    }
}
