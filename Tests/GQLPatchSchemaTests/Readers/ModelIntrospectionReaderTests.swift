import GQLPatchTestSupport
import GraphQLSDL
import JSON
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct ModelIntrospectionReaderTests {
    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func gen2OutputsSample() throws {
        let catalogue = try CatalogueLoader.load(path: Fixture.gen2Outputs, files: .local)
        #expect(catalogue.origin == .modelIntrospection)
        #expect(catalogue.modelNames == ["UserProfile", "AtomicCounter"])
        let profile = try #require(catalogue.models["UserProfile"])
        #expect(profile.operations.list == "listUserProfiles")
        #expect(profile.operations.get == "getUserProfile")
        #expect(profile.operations.updateInput == "UpdateUserProfileInput")
        #expect(profile.primaryKey == ["id"])
        // `syncable: true` does not make a model versioned.
        #expect(!profile.isVersioned)
        #expect(profile.operations.sync == nil)
        #expect(profile.fields.map(\.name) == ["email", "profileOwner", "kdnr", "id", "createdAt", "updatedAt"])
        #expect(profile.fields.filter(\.isReadOnly).map(\.name) == ["createdAt", "updatedAt"])
        #expect(
            catalogue.inputObjects["UpdateUserProfileInput"]?.fields.map { "\($0.name): \($0.type)" } == [
                "email: String", "profileOwner: String", "kdnr: Int", "id: ID!",
            ])
        #expect(catalogue.models["AtomicCounter"]?.operations.list == "listAtomicCounters")
        #expect(catalogue.inputObjects["ModelAtomicCounterFilterInput"] != nil)
    }

    @Test(.enabled(if: Fixture.sharedAvailable, Fixture.sharedMissing)) func dpilchCompositeKeyAndAssociations() throws
    {
        let catalogue = try CatalogueLoader.load(path: Fixture.dpilchIntrospection, files: .local)
        let primary = try #require(catalogue.models["Primary"])
        #expect(primary.primaryKey == ["tenantId", "instanceId", "recordId"])
        #expect(primary.operations.list == "listPrimaries")
        #expect(
            primary.field("related")?.relationship
                == Relationship(
                    kind: .hasMany, relatedModel: "Related",
                    keyFields: ["primaryTenantId", "primaryInstanceId", "primaryRecordId"]))
        #expect(primary.field("related")?.type == .named("ModelRelatedConnection"))
        let related = try #require(catalogue.models["Related"])
        #expect(related.operations.list == "listRelateds")
        #expect(
            related.field("primary")?.relationship
                == Relationship(
                    kind: .belongsTo, relatedModel: "Primary",
                    keyFields: ["primaryTenantId", "primaryInstanceId", "primaryRecordId"]))
    }

    @Test func enumsNonModelsArraysAndVersioning() throws {
        let json = """
            {"version": 1,
             "models": {"Shop": {"name": "Shop", "pluralName": "Shopz",
               "fields": {
                 "id": {"name": "id", "type": "ID", "isArray": false, "isRequired": true},
                 "kind": {"name": "kind", "type": {"enum": "Kind"}, "isArray": false, "isRequired": true},
                 "tags": {"name": "tags", "type": "String", "isArray": true, "isRequired": true, "isArrayNullable": false},
                 "address": {"name": "address", "type": {"nonModel": "Address"}, "isArray": false, "isRequired": false},
                 "_version": {"name": "_version", "type": "Int", "isArray": false, "isRequired": true}
               },
               "attributes": [{"type": "key", "properties": {"name": "byKind", "fields": ["kind", "tags"]}}],
               "primaryKeyInfo": {"isCustomPrimaryKey": false, "primaryKeyFieldName": "id", "sortKeyFieldNames": []}}},
             "enums": {"Kind": {"name": "Kind", "values": ["A", "B"]}},
             "nonModels": {"Address": {"name": "Address", "fields": {
                 "street": {"name": "street", "type": "String", "isArray": false, "isRequired": true}}}}}
            """
        let catalogue = try CatalogueLoader.load(path: "i.json", files: .memory(["i.json": Array(json.utf8)]))
        let shop = try #require(catalogue.models["Shop"])
        #expect(shop.isVersioned)
        #expect(shop.operations.list == "listShopz")
        #expect(shop.operations.sync == "syncShopz")
        #expect(shop.field("kind")?.kind == .enumeration)
        #expect(shop.field("tags")?.type == .nonNull(.list(.nonNull(.named("String")))))
        #expect(shop.field("address")?.kind == .nonModel)
        #expect(catalogue.enums["Kind"] == ["A", "B"])
        #expect(catalogue.nonModelTypes["Address"]?.fields.map(\.name) == ["street"])
        #expect(catalogue.inputObjects["AddressInput"]?.fields.map { "\($0.name): \($0.type)" } == ["street: String!"])
        #expect(
            catalogue.inputObjects["UpdateShopInput"]?.fields.map(\.name) == [
                "kind", "tags", "address", "id", "_version",
            ])
        #expect(catalogue.inputObjects["ModelShopByKindCompositeKeyInput"] == nil)  // one sort key: no composite input
        #expect(catalogue.inputObjects["ModelStringKeyConditionInput"] != nil)
        #expect(shop.field("_version")?.isReadOnly == true)
    }

    /// Model introspection lists no owner field the schema leaves implicit (34 of 38 owner rules of the
    /// corpus' Gen 2 projects), yet the compiled type has it: `owner: String`, last, in the filter, the
    /// condition and the subscription filter (as `ModelStringInput`), in no create or update input. The
    /// reader adds it from the rule; a declared one (`editors`) stays as declared.
    @Test func anImplicitOwnerFieldIsAddedFromTheRules() throws {
        let json = """
            {"version": 1,
             "models": {"Note": {"name": "Note", "pluralName": "Notes",
               "fields": {
                 "id": {"name": "id", "type": "ID", "isArray": false, "isRequired": true},
                 "text": {"name": "text", "type": "String", "isArray": false, "isRequired": false},
                 "editors": {"name": "editors", "type": "String", "isArray": true, "isRequired": false},
                 "createdAt": {"name": "createdAt", "type": "AWSDateTime", "isArray": false, "isRequired": false, "isReadOnly": true},
                 "updatedAt": {"name": "updatedAt", "type": "AWSDateTime", "isArray": false, "isRequired": false, "isReadOnly": true}
               },
               "attributes": [{"type": "model", "properties": {}},
                 {"type": "auth", "properties": {"rules": [
                   {"provider": "userPools", "ownerField": "owner", "allow": "owner", "identityClaim": "cognito:username", "operations": ["create", "update", "delete", "read"]},
                   {"provider": "userPools", "ownerField": "editors", "allow": "owner", "operations": ["read", "update"]}]}}],
               "primaryKeyInfo": {"isCustomPrimaryKey": false, "primaryKeyFieldName": "id", "sortKeyFieldNames": []}}},
             "enums": {}, "nonModels": {}}
            """
        let catalogue = try CatalogueLoader.load(path: "i.json", files: .memory(["i.json": Array(json.utf8)]))
        let note = try #require(catalogue.models["Note"])
        #expect(note.ownerFields == ["owner", "editors"])
        #expect(note.fields.map(\.name) == ["text", "editors", "id", "createdAt", "updatedAt", "owner"])
        #expect(note.field("owner")?.type == .named("String"))
        #expect(note.field("owner")?.isReadOnly == true)
        #expect(note.field("editors")?.isReadOnly == false)
        for input in ["CreateNoteInput", "UpdateNoteInput"] {
            #expect(catalogue.inputObjects[input]?.field("owner") == nil, "\(input)")
            #expect(catalogue.inputObjects[input]?.field("editors") != nil, "\(input)")
        }
        for input in ["ModelNoteFilterInput", "ModelNoteConditionInput", "ModelSubscriptionNoteFilterInput"] {
            #expect(
                catalogue.inputObjects[input]?.fields.last.map { "\($0.name): \($0.type)" } == "owner: ModelStringInput"
            )
        }
    }

    /// `id: String! @primaryKey` is introspected as `isCustomPrimaryKey: false` (the field is named id,
    /// with no sort key), but the model's unnamed `key` attribute says the key was declared: the
    /// transformer then types `getUser(id: String!)` and gives `listUsers` the key arguments (corpus pair
    /// AbhishekRai795__Project-EstateKart).
    @Test func declaredIDKeyKeepsItsTypeAndListArguments() throws {
        let json = """
            {"version": 1,
             "models": {"User": {"name": "User", "pluralName": "Users",
               "fields": {
                 "id": {"name": "id", "type": "String", "isArray": false, "isRequired": true, "attributes": []},
                 "name": {"name": "name", "type": "String", "isArray": false, "isRequired": false}
               },
               "attributes": [{"type": "model", "properties": {}}, {"type": "key", "properties": {"fields": ["id"]}}],
               "primaryKeyInfo": {"isCustomPrimaryKey": false, "primaryKeyFieldName": "id", "sortKeyFieldNames": []}}},
             "enums": {}, "nonModels": {}}
            """
        let catalogue = try CatalogueLoader.load(path: "i.json", files: .memory(["i.json": Array(json.utf8)]))
        let user = try #require(catalogue.models["User"])
        #expect(user.operations.getArguments.map { "\($0.name): \($0.type)" } == ["id: String!"])
        #expect(
            user.operations.listArguments.map { "\($0.name): \($0.type)" } == [
                "id: String", "filter: ModelUserFilterInput", "limit: Int", "nextToken: String",
                "sortDirection: ModelSortDirection",
            ])
        #expect(
            catalogue.inputObjects["UpdateUserInput"]?.fields.first { $0.name == "id" }?.type
                == .nonNull(.named("String")))
    }
}
