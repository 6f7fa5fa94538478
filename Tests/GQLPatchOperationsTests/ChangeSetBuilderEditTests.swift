import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import GQLPatchTestSupport
import GraphQLSDL
import JSON
import Testing

/// `ChangeSetBuilder` types the changes worked out from the record (issue 17): a dotted `--set`/`--unset`,
/// list edits, counters and a patch's objects become `FieldEdit`s typed by the nested input types, and
/// whatever cannot be worked out is refused before anything is sent.
@Suite struct ChangeSetBuilderEditTests {
    let builder = ChangeSetBuilder(
        catalogue: OperationsFixtures.catalogue, readFile: RecordCommandFixtures.noFiles, wording: SourceNameWording())
    let item = OperationsFixtures.item

    func set(_ field: String, _ text: String) -> FieldAssignment { FieldAssignment(field: field, value: .text(text)) }

    func build(
        patch: JSONObject? = nil, _ changes: [FieldAssignment] = [], edits: [EditRequest] = []
    ) throws(GQLPatchError) -> ChangeSet {
        try builder.build(
            model: item, key: .id("i1"), patch: patch, changes: changes, edits: edits, mergesPatchObjects: true)
    }

    func failure(patch: JSONObject? = nil, _ changes: [FieldAssignment] = [], edits: [EditRequest] = [])
        -> GQLPatchError?
    {
        OperationsFixtures.error { () throws(GQLPatchError) in try build(patch: patch, changes, edits: edits) }
    }

    @Test func aDottedSetIsTypedByTheNestedInput() throws {
        let changes = try build([
            set("imageFile.meta.size", "12"), FieldAssignment(field: "imageFile.meta.contentType", value: .null),
        ])
        #expect(changes.changes.isEmpty)
        #expect(changes.edits.map(\.path) == [["imageFile", "meta", "size"], ["imageFile", "meta", "contentType"]])
        #expect(changes.edits.first?.operation == .set(.int(12)))
        #expect(changes.edits.last?.operation == .unset)
        #expect(failure([set("imageFile.meta.size", "big")])?.code == .invalidInput)
        let required = failure([FieldAssignment(field: "imageFile.key", value: .null)])
        #expect(required?.code == .invalidInput)
        #expect(
            required?.message
                == "imageFile.key is required (String!) and cannot be unset; set it, or unset imageFile whole")
    }

    @Test func listEditsAndCountersAreTypedByTheField() throws {
        let changes = try build(edits: [
            EditRequest(.append, set("tags", "a")),
            EditRequest(.remove, FieldAssignment(field: "tags", value: .json(#""b""#))),
        ])
        #expect(changes.edits.map(\.operation) == [.append(["a"]), .remove(["b"])])
        let notList = failure(edits: [EditRequest(.append, set("name", "x"))])
        #expect(notList?.code == .invalidInput)
        #expect(notList?.message == "append field name: name is String, not a list")
        let notNumber = failure(edits: [EditRequest(.increment, set("name", "1"))])
        #expect(notNumber?.message == "increment field name: name is String; only Int and Float fields count")
    }

    @Test func aPatchObjectMergesAndItsNullsAreChecked() throws {
        let changes = try build(patch: ["imageFile": ["meta": ["size": 3, "contentType": .null]], "name": "Lamp"])
        #expect(changes.changes == ["name": "Lamp"])
        #expect(changes.edits.first?.operation == .merge(["meta": ["size": 3, "contentType": .null]]))
        let required = failure(patch: ["imageFile": ["key": .null]])
        #expect(
            required?.message == "Item.imageFile.key is required (String!) and cannot be removed by the patch's null")
    }

    @Test func aFieldGivenWholeAndInPartIsRefused() {
        let both = failure([
            set("imageFile.key", "k"),
            FieldAssignment(field: "imageFile", value: .json(#"{"bucket": "b", "region": "r", "key": "k"}"#)),
        ])
        #expect(both?.code == .usage)
        #expect(both?.message.hasPrefix("imageFile is given whole (set) and also by set imageFile.key") == true)
        let listToo = failure(
            [FieldAssignment(field: "tags", value: .json("[]"))], edits: [EditRequest(.append, set("tags", "a"))])
        #expect(listToo?.message == "tags is given whole (set) and also by append")
    }
}
