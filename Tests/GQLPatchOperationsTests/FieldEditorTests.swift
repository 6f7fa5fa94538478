import Foundation
import GQLPatchTestSupport
import GraphQLSDL
import JSON
import Testing

@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// `FieldEditor` works out an edited field's new value from the record as read, and `WriteGuard`
/// builds the condition that makes the write fail if the record changed since (issue 17).
@Suite struct FieldEditorTests {
    static let catalogue: ModelCatalogue = {
        let path = Fixture.root.appendingPathComponent("Tests/Fixtures/edits/schema.graphql").path
        do { return try CatalogueLoader.load(path: path, files: .local) } catch { fatalError("\(error)") }
    }()
    static let item = catalogue.models["Item"]!
    static let editor = FieldEditor(catalogue: catalogue, model: item)
    static let file: TypeReference = .named("FileInput")
    static let tags: TypeReference = .list(.named("String"))

    static let record: JSONObject = [
        "id": "i1", "stock": 5, "tags": ["a", "b", "a"], "updatedAt": "2026-12-01T10:00:00.000Z",
        "imageFile": ["bucket": "b", "region": "r", "key": "k", "contentType": "image/png", "size": 3],
    ]

    func apply(_ edits: [FieldEdit], to record: JSONObject = record) throws(GQLPatchError) -> JSONObject {
        try Self.editor.apply(edits, to: record)
    }

    @Test func aNestedSetKeepsTheRestOfTheObject() throws {
        let result = try apply([FieldEdit(path: ["imageFile", "key"], operation: .set("k2"), fieldType: Self.file)])
        #expect(
            result["imageFile"]
                == ["bucket": "b", "region": "r", "key": "k2", "contentType": "image/png", "size": 3])
        #expect(result.keys == ["imageFile"], "only the edited field is sent")
    }

    @Test func aNestedUnsetRemovesOnlyThatSubField() throws {
        let result = try apply([FieldEdit(path: ["imageFile", "contentType"], operation: .unset, fieldType: Self.file)])
        #expect(result["imageFile"] == ["bucket": "b", "region": "r", "key": "k", "size": 3])
        let absent = try apply(
            [FieldEdit(path: ["imageFile", "size"], operation: .unset, fieldType: Self.file)], to: ["id": "i1"])
        #expect(absent["imageFile"] == .null, "unsetting part of an absent object changes nothing")
    }

    @Test func anAbsentObjectIsCreatedOnlyWithItsRequiredSubFields() throws {
        let error = RecordCommandFixtures.error { () throws(GQLPatchError) in
            try apply(
                [FieldEdit(path: ["imageFile", "key"], operation: .set("k"), fieldType: Self.file)], to: ["id": "i1"])
        }
        #expect(error?.code == .invalidInput)
        #expect(
            error?.message
                == "Item.imageFile is absent in the record, so setting part of it creates it, and FileInput also requires bucket, region: give them too"
        )
        let created = try apply(
            ["bucket", "region", "key"].map {
                FieldEdit(path: ["imageFile", $0], operation: .set("x"), fieldType: Self.file)
            },
            to: ["id": "i1"])
        #expect(created["imageFile"] == ["bucket": "x", "region": "x", "key": "x"])
    }

    /// RFC 7396's own examples, on plain JSON.
    @Test(arguments: [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
        (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ])
    func mergePatchFollowsRFC7396(_ target: String, _ patch: String, _ expected: String) throws {
        let result = FieldEditor.mergePatch(try JSONValue.parse(target), try JSONValue.parse(patch))
        #expect(ResponseComparer.equal(result, try JSONValue.parse(expected)), "\(result)")
    }

    @Test func listEditsStartFromTheListAsRead() throws {
        func edited(_ operation: FieldEdit.Operation, _ record: JSONObject = Self.record) throws -> JSONValue? {
            try apply([FieldEdit(path: ["tags"], operation: operation, fieldType: Self.tags)], to: record)["tags"]
        }
        #expect(try edited(.append(["c", "d"])) == ["a", "b", "a", "c", "d"])
        #expect(try edited(.prepend(["z"])) == ["z", "a", "b", "a"])
        #expect(try edited(.remove(["a"])) == ["b"], "every equal element")
        #expect(try edited(.remove(["q"])) == ["a", "b", "a"], "nothing to remove is no error")
        #expect(try edited(.add(["b", "c", "c"])) == ["a", "b", "a", "c"], "set semantics")
        #expect(try edited(.append(["x"]), ["id": "i1"]) == ["x"], "absent is empty")
    }

    @Test func aRemovedTemporalValueMatchesByInstant() throws {
        let type: TypeReference = .list(.named("AWSDateTime"))
        let result = try Self.editor.apply(
            [FieldEdit(path: ["when"], operation: .remove(["2026-01-01T00:00:00Z"]), fieldType: type)],
            to: ["when": ["2026-01-01T00:00:00.000Z", "2026-01-02T00:00:00.000Z"]])
        #expect(result["when"] == ["2026-01-02T00:00:00.000Z"])
    }

    @Test func countersAddFromTheValueReadWithinInt32() throws {
        let int: TypeReference = .named("Int")
        #expect(try apply([FieldEdit(path: ["stock"], operation: .increment(2), fieldType: int)])["stock"] == 7)
        #expect(try apply([FieldEdit(path: ["stock"], operation: .increment(-7), fieldType: int)])["stock"] == -2)
        #expect(
            try apply([FieldEdit(path: ["stock"], operation: .increment(4), fieldType: int)], to: ["id": "i1"])["stock"]
                == 4, "absent counts as 0")
        let float = try apply(
            [FieldEdit(path: ["price"], operation: .increment(.double(0.5)), fieldType: .named("Float"))],
            to: ["price": 2])
        #expect(float["price"] == .double(2.5))
        let error = RecordCommandFixtures.error { () throws(GQLPatchError) in
            try apply(
                [FieldEdit(path: ["stock"], operation: .increment(.int(Int(Int32.max))), fieldType: int)])
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.hasPrefix("Item.stock: 5 + 2147483647 is outside the range of Int") == true)
    }

    @Test func theGuardComparesCountersExactlyAndOtherwiseUpdatedAt() throws {
        let guarding = WriteGuard(catalogue: Self.catalogue, model: Self.item)
        let counter = FieldEdit(path: ["stock"], operation: .increment(1), fieldType: .named("Int"))
        #expect(try guarding.terms(for: [counter], record: Self.record) == [["stock": ["eq": 5]]])
        let absent = try guarding.terms(for: [counter], record: ["id": "i1", "updatedAt": "t"])
        #expect(
            absent == [["or": [["stock": ["attributeExists": false]], ["stock": ["attributeType": "_null"]]]]])
        let list = FieldEdit(path: ["tags"], operation: .append(["x"]), fieldType: Self.tags)
        #expect(
            try guarding.terms(for: [counter, list], record: Self.record) == [
                ["stock": ["eq": 5]], ["updatedAt": ["eq": "2026-12-01T10:00:00.000Z"]],
            ])
        #expect(guarding.holds([["stock": ["eq": 5]]], record: Self.record, edits: [counter]))
        #expect(!guarding.holds([["stock": ["eq": 5]]], record: ["stock": 6], edits: [counter]))
        #expect(WriteGuard.combined(nil, []) == nil)
        #expect(
            WriteGuard.combined(["name": ["eq": "x"]], [["stock": ["eq": 5]]]) == [
                "and": [["name": ["eq": "x"]], ["stock": ["eq": 5]]]
            ])
    }

    @Test func noGuardWithoutUpdatedAtInTheConditionInput() throws {
        var catalogue = Self.catalogue
        let name = try #require(Self.item.operations.conditionInput)
        catalogue.inputObjects[name]?.fields.removeAll { $0.name == "updatedAt" }
        let guarding = WriteGuard(catalogue: catalogue, model: Self.item)
        let list = FieldEdit(path: ["tags"], operation: .append(["x"]), fieldType: Self.tags)
        #expect(throws: WriteGuard.Unavailable.self) { try guarding.terms(for: [list], record: Self.record) }
    }
}
