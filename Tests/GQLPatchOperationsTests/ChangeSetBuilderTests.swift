import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import GQLPatchTestSupport
import GraphQLSDL
import JSON
import Testing

@Suite struct ChangeSetBuilderTests {
    static let files: [String: [UInt8]] = [
        "notes.txt": Array("  line one\nline two\n".utf8),
        "tags.json": Array(#" ["x", "y"] "#.utf8),
        "-": Array(" 42\n".utf8),
        "latin1.txt": [0x63, 0x61, 0x66, 0xE9],
    ]

    let builder = ChangeSetBuilder(
        catalogue: OperationsFixtures.catalogue,
        readFile: { path throws(GQLPatchError) in
            guard let bytes = ChangeSetBuilderTests.files[path] else {
                throw .unreadableFile("cannot read \(path): no such file")
            }
            return bytes
        }, wording: SourceNameWording())
    let item = OperationsFixtures.item
    let step = OperationsFixtures.recipeStep

    func set(_ field: String, _ text: String) -> FieldAssignment { FieldAssignment(field: field, value: .text(text)) }
    func unset(_ field: String) -> FieldAssignment { FieldAssignment(field: field, value: .null) }

    func failure(
        model: Model? = nil, key: ChangeSetBuilder.Key = .id("i1"), patch: JSONObject? = nil,
        _ changes: [FieldAssignment]
    ) -> GQLPatchError? {
        OperationsFixtures.error { () throws(GQLPatchError) in
            try builder.build(model: model ?? item, key: key, patch: patch, changes: changes)
        }
    }

    /// A key typed once (a batch line's) goes into each later change set as it is, and the change set
    /// is the one the untyped key gives; setting a key field is refused in the key's own words.
    @Test func anAlreadyTypedKeyIsTakenAsItIs() throws {
        let typed = try builder.key(model: step, .fields([set("recipeID", "r1"), set("stepNumber", "2")]))
        #expect(typed == ["recipeID": "r1", "stepNumber": 2])
        #expect(try builder.key(model: step, .typed(typed)) == typed)
        let fromTyped = try builder.build(model: step, key: .typed(typed), changes: [set("text", "Stir")])
        let fromFields = try builder.build(
            model: step, key: .fields([set("recipeID", "r1"), set("stepNumber", "2")]), changes: [set("text", "Stir")])
        #expect(fromTyped == fromFields)
        let refused = failure(model: step, key: .typed(typed), [set("stepNumber", "3")])
        #expect(refused?.code == .invalidInput)
        #expect(refused?.message.hasPrefix("stepNumber is part of the primary key and cannot be changed") == true)
    }

    @Test func singleKeyAndTypedChanges() throws {
        let changeSet = try builder.build(
            model: item, key: .id("00123"),
            changes: [
                set("code", "00123"), set("count", "7"), unset("description"),
                FieldAssignment(field: "tags", value: .json(#"["a","b"]"#)),
            ])
        #expect(changeSet.key == ["id": "00123"])
        #expect(changeSet.changes == ["code": "00123", "count": 7, "description": .null, "tags": ["a", "b"]])
        #expect(changeSet.changes.keys == ["code", "count", "description", "tags"])
        #expect(
            changeSet.input(version: nil) == [
                "id": "00123", "code": "00123", "count": 7, "description": .null, "tags": ["a", "b"],
            ])
        #expect(changeSet.input(version: 3).keys == ["id", "code", "count", "description", "tags", "_version"])
        #expect(changeSet.input(version: 3)["_version"] == 3)
    }

    @Test func compositeKeyTypedByTheUpdateInput() throws {
        let changeSet = try builder.build(
            model: step, key: .fields([set("stepNumber", "2"), set("recipeID", "r1")]), changes: [set("minutes", "5")])
        #expect(changeSet.key.keys == ["recipeID", "stepNumber"])
        #expect(changeSet.key == ["recipeID": "r1", "stepNumber": 2])
        #expect(changeSet.input(version: nil).keys == ["recipeID", "stepNumber", "minutes"])
    }

    @Test func keyErrors() {
        let composite = failure(model: step, key: .id("r1"), [set("minutes", "5")])
        #expect(composite?.code == .invalidInput)
        #expect(
            composite?.message
                == "RecipeStep has a composite primary key (recipeID, stepNumber); give key field recipeID=VALUE key field stepNumber=VALUE instead of id"
        )
        let missing = failure(model: step, key: .fields([set("recipeID", "r1")]), [])
        #expect(missing?.code == .invalidInput)
        #expect(missing?.message == "key is missing stepNumber (RecipeStep's primary key is recipeID, stepNumber)")
        #expect(
            failure(model: step, key: .fields([set("recipeID", "r1"), set("stepNumber", "1"), set("text", "x")]), [])?
                .message
                == "key field text is not part of RecipeStep's primary key (recipeID, stepNumber)")
        #expect(
            failure(model: step, key: .fields([set("recipeID", "r1"), set("recipeID", "r2")]), [])?.message
                == "key field recipeID given twice")
        let badType = failure(model: step, key: .fields([set("recipeID", "r1"), set("stepNumber", "two")]), [])
        #expect(badType?.code == .invalidInput)
        #expect(badType?.message == #"RecipeStep.stepNumber: expected an Int, got "two""#)
    }

    @Test func unknownFieldsGetASuggestionOrTheList() {
        let close = failure([set("nmae", "x")])
        #expect(close?.code == .invalidInput)
        #expect(close?.message == #"unknown field "nmae" for Item; did you mean "name"?"#)
        #expect(
            failure(model: step, key: .fields([set("recipeID", "r"), set("stepNumber", "1")]), [set("colour", "x")])?
                .message
                == #"unknown field "colour" for RecipeStep (fields: text, minutes)"#)
    }

    @Test func fieldsThatCannotBeChanged() {
        #expect(failure([set("createdAt", "2025-01-01T00:00Z")])?.message == "createdAt is set by the server")
        #expect(
            failure([set("id", "x")])?.message
                == "id is part of the primary key and cannot be changed; it is given in id")
        #expect(
            failure(
                model: step, key: .fields([set("recipeID", "r"), set("stepNumber", "1")]), [set("recipeID", "r2")])?
                .message
                == "recipeID is part of the primary key and cannot be changed; it is given in key")
        #expect(
            failure(model: OperationsFixtures.recipe, [set("steps", "[]")])?.message
                == "steps is a relationship (@hasMany); change the child records instead")
        #expect(
            failure([set("recipe", "{}")])?.message
                == "recipe is a relationship (@belongsTo); set its key fields (recipeID) instead")
        #expect(failure([set("_version", "3")])?.message == "_version is kept by conflict resolution and cannot be set")
        #expect(
            failure([set("imageFile.nope", "k")])?.message
                == "Item.imageFile: unknown field \"nope\" (FileInput has: bucket, region, key, meta)")
        #expect(
            failure([set("name.first", "k")])?.message
                == "Item.name is String, not an object: name.first cannot be changed")
        #expect(
            failure(model: OperationsFixtures.auditLog, [set("message", "m")])?.message
                == "the API has no update operation for AuditLog")
    }

    @Test func unsettingARequiredFieldIsRefused() {
        let error = failure([unset("name")])
        #expect(error?.code == .invalidInput)
        #expect(
            error?.message == "name is required (String!) and cannot be unset; removing it would corrupt the record")
        #expect(
            failure([FieldAssignment(field: "name", value: .json("null"))])?.message
                == "name is required (String!) and cannot be unset; removing it would corrupt the record")
        #expect(
            failure(patch: ["name": .null], [])?.message
                == "name is required (String!) and cannot be unset; removing it would corrupt the record")
    }

    @Test func patchComesFirstAndFlagsOverrideIt() throws {
        let changeSet = try builder.build(
            model: item, key: .id("i1"), patch: ["count": 1, "description": .null, "status": "TODO"],
            changes: [set("count", "2"), set("done", "true")])
        #expect(changeSet.changes.keys == ["count", "description", "status", "done"])
        #expect(changeSet.changes == ["count": 2, "description": .null, "status": "TODO", "done": true])
        #expect(
            failure(patch: ["status": "DONE"], [])?.message
                == #"Item.status: "DONE" is not a value of enum Status (TODO, DOING)"#)
    }

    @Test func twoFlagsForOneFieldAreRefused() {
        let error = failure([set("name", "a"), set("name", "b")])
        #expect(error?.code == .usage)
        #expect(error?.message == "set name given twice")
        #expect(
            failure([set("description", "a"), unset("description")])?.message
                == "description given twice (set and unset)")
    }

    @Test func fileValues() throws {
        let changeSet = try builder.build(
            model: item, key: .id("i1"),
            changes: [
                FieldAssignment(field: "description", value: .file("notes.txt")),
                FieldAssignment(field: "tags", value: .file("tags.json")),
                FieldAssignment(field: "count", value: .file("-")),
            ])
        #expect(changeSet.changes == ["description": "  line one\nline two\n", "tags": ["x", "y"], "count": 42])
        let missing = failure([FieldAssignment(field: "description", value: .file("nope.txt"))])
        #expect(missing?.code == .unreadableFile)
        #expect(missing?.message == "cannot read nope.txt: no such file")
        let latin1 = failure([FieldAssignment(field: "description", value: .file("latin1.txt"))])
        #expect(latin1?.code == .invalidInput)
        #expect(latin1?.message == "Item.description: latin1.txt is not UTF-8 text")
    }

    @Test func jsonValuesMustParse() {
        let error = failure([FieldAssignment(field: "count", value: .json("{"))])
        #expect(error?.code == .invalidInput)
        #expect(error?.message.hasPrefix("Item.count: the value after := is not JSON (1:") == true)
    }
}
