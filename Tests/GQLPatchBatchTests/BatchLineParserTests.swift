import Foundation
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// Every refusal of an input line, with its exact message and line number, and what a good line becomes.
@Suite struct BatchLineParserTests {
    private func parser(atomic: Bool = false, resolution: ConflictResolution = .auto) throws -> BatchLineParser {
        BatchLineParser(
            catalogue: try BatchFixture.catalogue(), conflictResolution: resolution, atomic: atomic,
            wording: ApplyLineWording(run: SourceNameWording()))
    }

    private func line(_ text: String, _ number: Int = 7) -> JSONLine {
        JSONLine(number: number, bytes: Array(text.utf8))
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var text: String
        var message: String
        var column: Int? = nil
        var testDescription: String { text }
    }

    @Test(arguments: [
        Bad(text: "[1,2]", message: #"expected a JSON object with "op", "model" and "key", got an array"#),
        Bad(
            text: #"{"model":"Item","key":{"id":"1"}}"#,
            message: #"missing "op" (update, create, delete, upsert, touch or call)"#),
        Bad(
            text: #"{"op":"merge","model":"Item","key":{"id":"1"}}"#,
            message: #""op" must be "update", "create", "delete", "upsert", "touch" or "call", got "merge""#),
        Bad(
            text: #"{"op":"touch","model":"Item","key":{"id":"1"},"set":{"name":"x"}}"#,
            message: #"a touch takes no "set" or "unset" (it changes no value)"#),
        Bad(
            text: #"{"op":"touch","model":"Item","key":{"id":"1"},"incr":{"stock":1}}"#,
            message: #""incr" does not apply to a touch (only to update and upsert)"#),
        Bad(text: #"{"op":"update","key":{"id":"1"},"set":{"name":"x"}}"#, message: #"missing "model""#),
        Bad(
            text: #"{"op":"update","model":"Itme","key":{"id":"1"},"set":{"name":"x"}}"#,
            message:
                "unknown model 'Itme' (did you mean 'Item'?); the schema has: Item, RealEstateProperty, Recipe, RecipeStep, Job"
        ),
        Bad(
            text: #"{"op":"update","model":"Item","sett":{"name":"x"}}"#,
            message:
                #"unknown key "sett"; did you mean "set"? (a line may hold: op, model, key, set, unset, merge, append, prepend, remove, add, incr, if, expectVersion, next, start)"#
        ),
        Bad(
            text: #"{"op":"update","model":"Item","set":{"name":"x"}}"#,
            message: #"missing "key" (Item's primary key: id)"#),
        Bad(
            text: #"{"op":"update","model":"Item","key":{"id":"1"}}"#,
            message:
                #"an update needs "set", "unset", "merge", "append", "prepend", "remove", "add" or "incr" with at least one field"#
        ),
        Bad(
            text: #"{"op":"update","model":"Item","key":{"id":"1"},"append":{"tags":"a"}}"#,
            message: #""append" tags must be a list of items, got a string"#),
        Bad(
            text: #"{"op":"update","model":"Item","key":{"id":"1"},"append":{"name":["a"]}}"#,
            message: #""append" name: name is String, not a list"#),
        Bad(
            text: #"{"op":"update","model":"Item","key":{"id":"1"},"set":{"tags":[]},"append":{"tags":["a"]}}"#,
            message: "tags is both changed whole and edited"),
        Bad(
            text: #"{"op":"create","model":"Item","set":{"name":"x"},"incr":{"stock":1}}"#,
            message: #""incr" does not apply to a create (only to update and upsert)"#),
        Bad(
            text: #"{"op":"upsert","model":"Item","key":{"id":"1"},"append":{"tags":["a"]}}"#,
            message: "Item.name: missing required field (String!) for a create"),
        Bad(
            text: #"{"op":"upsert","model":"Item","key":{"id":"1"},"set":{"name":"x"},"if":{"name":"y"}}"#,
            message: #"an upsert takes no "if" or "expectVersion" (the record may not exist)"#),
        Bad(
            text: #"{"op":"update","model":"Item","key":{"id":"1"},"set":{"nmae":"x"}}"#,
            message: #"unknown field "nmae" for Item; did you mean "name"?"#),
        Bad(
            text: #"{"op":"update","model":"Item","key":{"id":"1"},"unset":["name"]}"#,
            message: "name is required (String!) and cannot be unset; removing it would corrupt the record"),
        Bad(
            text: #"{"op":"update","model":"Item","key":{"id":"1"},"set":{"tags":"a"}}"#,
            message: #"Item.tags: expected a list ([String]), got "a""#),
        Bad(
            text: #"{"op":"update","model":"Item","key":{"id":"1"},"set":{"name":"x"},"unset":["name"]}"#,
            message: #"name is both in "set" and in "unset""#),
        Bad(
            text: #"{"op":"update","model":"RecipeStep","key":{"recipeID":"r1","rowID":"3"},"set":{"quantity":1}}"#,
            message: #"RecipeStep.rowID: expected an Int, got "3""#),
        Bad(
            text: #"{"op":"update","model":"RecipeStep","key":{"recipeID":"r1"},"set":{"quantity":1}}"#,
            message: #""key" is missing rowID (RecipeStep's primary key is recipeID, rowID)"#),
        Bad(
            text: #"{"op":"update","model":"Item","key":{"idd":"1"},"set":{"name":"x"}}"#,
            message: #""key" field idd is not part of Item's primary key (id)"#),
        Bad(
            text: #"{"op":"update","model":"Item","key":{"id":"1"},"set":{"name":"x"},"if":{"nam":"y"}}"#,
            message: #""if": unknown field "nam" for Item; did you mean "name"?"#),
        Bad(
            text: #"{"op":"update","model":"Item","key":{"id":"1"},"set":{"name":"x"},"expectVersion":2}"#,
            message:
                #""expectVersion" needs a versioned model, and Item has no _version (use conflictResolution on if the API is versioned)"#
        ),
        Bad(
            text: #"{"op":"update","model":"Item","key":{"id":"1"},"set":{"id":"2"}}"#,
            message: #"id is part of the primary key and cannot be changed; it is given in "key""#),
        Bad(
            text: #"{"op":"update","model":"Item","key":{"id":"1"},"set":{"imageFile":{"bucket":"b"}}}"#,
            message: "Item.imageFile: missing required fields region, key (FileInput)"),
        Bad(
            text: #"{"op":"create","model":"Item","set":{"description":"x"}}"#,
            message: "Item.name: missing required field (String!) for a create"),
        Bad(
            text: #"{"op":"create","model":"RecipeStep","set":{"quantity":1}}"#,
            message: #"missing "key" (RecipeStep's primary key: recipeID, rowID)"#),
        Bad(
            text: #"{"op":"create","model":"Item","set":{"name":"x"},"unset":["tags"]}"#,
            message: #""unset" does not apply to a create"#),
        Bad(
            text: #"{"op":"delete","model":"Item","key":{"id":"1"},"set":{"name":"x"}}"#,
            message: #"a delete takes no "set" or "unset""#),
        Bad(
            text: #"{"op":"update","model":"Item","key":{"id":"1"},"set":{"name":"x"}} x"#,
            message: "trailing characters after JSON value", column: 68),
        Bad(text: #"{"op":"update","#, message: "unexpected end of input", column: 16),
        Bad(
            text: #"{"op":"update","model":"RecipeStep","key":{"recipeID":"r1"},"next":"rowID","set":{"action":"a"}}"#,
            message: #""next" and "start" apply to a create only"#),
        Bad(
            text: #"{"op":"create","model":"RecipeStep","key":{"recipeID":"r1"},"start":3,"set":{"action":"a"}}"#,
            message: #""start" needs "next""#),
        Bad(
            text: #"{"op":"create","model":"RecipeStep","key":{"recipeID":"r1"},"next":"action"}"#,
            message: "\"next\" action: RecipeStep.action is String, not Int: a sequence is numbered by an Int field"),
        Bad(
            text: #"{"op":"create","model":"RecipeStep","key":{"recipeID":"r1"},"next":"rowID","set":{"rowID":2}}"#,
            message: #""set" rowID: the number is "next"'s to choose"#),
        Bad(
            text: #"{"op":"create","model":"RecipeStep","key":{"recipeID":"r1","rowID":2},"next":"rowID"}"#,
            message:
                #""key" field rowID: the number is the sequence's to choose; give the parent only (its parent is recipeID, the partition key of RecipeStep's primary key)"#
        ),
    ])
    func refusals(_ bad: Bad) throws {
        let error = try #require(throws: BatchLineError.self) { try parser().parse(line(bad.text)) }
        #expect(error.message == bad.message)
        #expect(error.line == 7)
        #expect(error.column == bad.column)
        let place = bad.column.map { "in.jsonl:7:\($0)" } ?? "in.jsonl:7"
        #expect(error.rendered(source: "in.jsonl") == "\(place): error: \(bad.message)")
    }

    @Test func atomicRefusesAVersionedDelete() throws {
        let parser = BatchLineParser(
            catalogue: try BatchFixture.catalogue(versioned: true), conflictResolution: .auto, atomic: true,
            wording: ApplyLineWording(run: SourceNameWording()))
        let error = try #require(throws: BatchLineError.self) {
            try parser.parse(line(#"{"op":"delete","model":"Item","key":{"id":"1"}}"#, 3))
        }
        #expect(
            error.message
                == "atomic cannot undo a delete of Item: it is versioned, and a deleted record stays as a tombstone that cannot be re-created"
        )
        #expect(error.line == 3)
    }

    @Test func aTouchIsItsKeyAloneWithItsCondition() throws {
        let operation = try parser().parse(
            line(#"{"op":"touch","model":"RecipeStep","key":{"recipeID":"r1","rowID":3},"if":{"action":"stir"}}"#))
        #expect(operation.kind == .touch)
        #expect(operation.key == ["recipeID": "r1", "rowID": 3])
        #expect(operation.changes.isEmpty && operation.edits.isEmpty)
        #expect(operation.condition == ["action": ["eq": "stir"]])
    }

    @Test func updateIsTypedLikeTheCommandLine() throws {
        let operation = try parser().parse(
            line(
                #"{"op":"update","model":"RecipeStep","key":{"recipeID":"r1","rowID":3},"set":{"quantity":2},"unset":["action"],"if":{"action":"stir"}}"#
            ))
        #expect(operation.kind == .update)
        #expect(operation.key == ["recipeID": "r1", "rowID": 3])
        #expect(operation.changes == ["quantity": .double(2), "action": .null], "a Float field gets a Float")
        #expect(operation.condition == ["action": ["eq": "stir"]])
        #expect(operation.identity == #"RecipeStep {"recipeID":"r1","rowID":3}"#)
        #expect(
            operation.digest
                == BatchLineParser.digest(
                    line(
                        #"{"op":"update","model":"RecipeStep","key":{"recipeID":"r1","rowID":3},"set":{"quantity":2},"unset":["action"],"if":{"action":"stir"}}"#
                    ).bytes))
        #expect(operation.digest.count == 15)
    }

    /// A `"next"` create (issue 18): keyed by its parent until it runs, refused in a journaled run.
    @Test func aNextCreateIsKeyedByItsParentAndNeverJournaled() throws {
        let text =
            #"{"op":"create","model":"RecipeStep","key":{"recipeID":"r1"},"next":"rowID","start":5,"set":{"action":"a"}}"#
        let operation = try parser().parse(line(text))
        #expect(operation.kind == .create)
        #expect(operation.key == ["recipeID": "r1"])
        #expect(operation.changes == ["action": "a"])
        #expect(operation.sequence?.orderField == "rowID")
        #expect(operation.start == 5)
        var journaled = try parser()
        journaled.journaled = true
        let error = try #require(throws: BatchLineError.self) { try journaled.parse(line(text)) }
        #expect(error.message.hasPrefix(#"a "next" create cannot be journaled"#))
    }

    @Test func createWithoutKeyGetsAnIDMadeFromTheLine() throws {
        let text = #"{"op":"create","model":"Item","set":{"name":"Desk","tags":["a"]}}"#
        let first = try parser().parse(line(text, 4))
        let again = try parser().parse(line(text, 4))
        let elsewhere = try parser().parse(line(text, 5))
        let id = try #require(first.key["id"]?.stringValue)
        #expect(again.key == first.key, "a retried or resumed create must carry the same id")
        #expect(elsewhere.key != first.key, "the same text on another line is another record")
        #expect(id.count == 36)
        #expect(id.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
        #expect(first.changes == ["name": "Desk", "tags": ["a"]])
    }
}
