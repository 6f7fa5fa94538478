import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchSchema

/// The owner fields of `@auth` owner rules, as the catalogue exposes them (`Model.ownerFields`).
@Suite struct OwnerRulesTests {
    private func load(_ sdl: String) throws -> ModelCatalogue {
        try CatalogueLoader.load(path: "s.graphql", files: .memory(["s.graphql": Array(sdl.utf8)]))
    }

    @Test func v2OwnerRulesGiveTheirFieldsOwnerByDefault() throws {
        let catalogue = try load(
            """
            type Note @model @auth(rules: [{ allow: owner }, { allow: public, operations: [read] }]) {
              id: ID!
              text: String
              owner: String
            }
            type Doc @model @auth(rules: [{ allow: owner, ownerField: "author" }, { allow: owner, ownerField: "editors" },
                                          { allow: groups, groups: ["Admin"] }, { allow: owner, ownerField: "author" }]) {
              id: ID!
              author: String
              editors: [String]
            }
            type Open @model @auth(rules: [{ allow: public }]) {
              id: ID!
            }
            type Bare @model {
              id: ID!
            }
            """)
        #expect(catalogue.models["Note"]?.ownerFields == ["owner"])
        #expect(catalogue.models["Doc"]?.ownerFields == ["author", "editors"])
        #expect(catalogue.models["Open"]?.ownerFields == [])
        #expect(catalogue.models["Bare"]?.ownerFields == [])
        let rendered = CatalogueJSON.render(catalogue, source: "s.graphql")
        #expect(rendered["models"]?["Doc"]?["ownerFields"] == ["author", "editors"])
        #expect(rendered["models"]?["Open"]?["ownerFields"] == nil)
    }

    @Test func v1OwnerRules() throws {
        let catalogue = try load(
            """
            type Post @model @key(fields: ["id"]) @auth(rules: [{ allow: owner, ownerField: "writer" }]) {
              id: ID!
              writer: String
            }
            """)
        #expect(catalogue.models["Post"]?.ownerFields == ["writer"])
    }

    @Test func introspectedAuthAttributes() throws {
        let attributes: [JSONValue] = [
            ["type": "model", "properties": [:]],
            [
                "type": "auth",
                "properties": [
                    "rules": [
                        ["provider": "userPools", "ownerField": "profileOwner", "allow": "owner"],
                        ["allow": "owner"], ["allow": "public"],
                    ]
                ],
            ],
        ]
        #expect(OwnerRules.ownerFields(ofIntrospected: attributes) == ["profileOwner", "owner"])
    }

    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func gen2OutputsSample() throws {
        let catalogue = try CatalogueLoader.load(path: Fixture.gen2Outputs, files: .local)
        #expect(catalogue.models["UserProfile"]?.ownerFields == ["profileOwner"])
        #expect(catalogue.models["AtomicCounter"]?.ownerFields == [])
    }
}
