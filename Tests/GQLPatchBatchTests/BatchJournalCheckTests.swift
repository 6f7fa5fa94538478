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

/// A resumed journal's entries must belong to the input lines they name: the digest, and an undo that
/// is the undo of the line's own operation (model, key, kind, fields).
@Suite struct BatchJournalCheckTests {
    private let update = #"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"name":"Mine"}}"#
    private let quantity =
        #"{"op":"update","model":"RecipeStep","key":{"recipeID":"r","rowID":2},"set":{"quantity":2}}"#

    private func operation(_ text: String, line: Int = 1) throws -> (JSONLine, BatchOperation) {
        let parser = BatchLineParser(
            catalogue: try BatchFixture.catalogue(), conflictResolution: .auto, atomic: true,
            wording: ApplyLineWording(run: SourceNameWording()))
        let line = JSONLine(number: line, bytes: Array(text.utf8))
        return (line, try parser.parse(line))
    }

    /// A check of a journal that has line 1 of `in.jsonl` done with `undo`, read back from disk.
    private func check(_ text: String, undo: UndoAction) throws -> BatchJournalCheck {
        let path = try BatchFixture.folder().appendingPathComponent("j.journal").path
        let journal = try BatchJournal.create(path: path, input: "in.jsonl", atomic: true, wording: SourceNameWording())
        try journal.record(
            LineResult(line: 1, status: .updated, undo: undo, digest: BatchLineParser.digest(Array(text.utf8))))
        let (_, state) = try BatchJournal.resume(path: path)
        return BatchJournalCheck(state: state, journalPath: "j.journal", inputName: "in.jsonl")
    }

    @Test func theLinesOwnUndoMatchesAfterARoundTripThroughTheFile() throws {
        let (_, op) = try operation(quantity)
        var check = try check(
            quantity,
            undo: .revert(
                model: "RecipeStep", key: op.key, previous: ["quantity": .null], left: op.changes, version: nil))
        #expect(check.hasUnmatchedUndo)
        #expect(try check.isDone(.operation(op)))
        #expect(!check.hasUnmatchedUndo)
        #expect(check.isMatched(1))
        try check.checkAllMatched()
    }

    @Test(arguments: [
        (
            UndoAction.revert(
                model: "Item", key: ["id": "victim"], previous: ["name": "Pwned"], left: ["name": "Mine"], version: nil),
            "is for Item id=victim, but line 1 of in.jsonl is for Item id=item-1"
        ),
        (
            UndoAction.revert(
                model: "RecipeStep", key: ["id": "item-1"], previous: ["name": "Pwned"], left: ["name": "Mine"],
                version: nil),
            "is for RecipeStep id=item-1, but line 1 of in.jsonl is for Item id=item-1"
        ),
        (
            UndoAction.revert(
                model: "Item", key: ["id": "item-1"], previous: ["description": "Pwned"], left: ["name": "Mine"],
                version: nil),
            "does not undo the fields line 1 of in.jsonl changes"
        ),
        (
            UndoAction.revert(
                model: "Item", key: ["id": "item-1"], previous: ["name": "Old"], left: ["name": "Else"], version: nil),
            "does not undo the fields line 1 of in.jsonl changes"
        ),
        (
            UndoAction.remove(model: "Item", key: ["id": "item-1"], left: ["name": "Mine"], version: nil),
            #"is not the undo of line 1 of in.jsonl, whose op is "update""#
        ),
    ])
    func anUndoThatIsNotTheLinesIsRefused(undo: UndoAction, problem: String) throws {
        let (_, op) = try operation(update)
        var check = try check(update, undo: undo)
        let error = try #require(throws: GQLPatchError.self) { _ = try check.isDone(.operation(op)) }
        #expect(error.code == .invalidInput)
        #expect(
            error.message
                == "j.journal:2: error: the journal's undo of line 1 \(problem); the journal was changed since gqlpatch wrote it"
        )
        #expect(!check.isMatched(1))
    }

    @Test func aDoneLineTheInputLacksIsRefused() throws {
        let (_, op) = try operation(update)
        let check = try check(
            update, undo: .revert(model: "Item", key: op.key, previous: ["name": "Old"], left: op.changes, version: nil)
        )
        let error = try #require(throws: GQLPatchError.self) { try check.checkAllMatched() }
        #expect(
            error.message
                == "j.journal:2: error: the journal has line 1 of in.jsonl as applied, but in.jsonl has no operation on line 1"
        )
    }

    @Test func aRecreateOfAnotherRecordIsRefused() throws {
        let text = #"{"op":"delete","model":"Item","key":{"id":"item-1"}}"#
        let (_, op) = try operation(text)
        var check = try check(
            text, undo: .recreate(model: "Item", key: ["id": "item-1"], record: ["id": "victim", "name": "x"]))
        let error = try #require(throws: GQLPatchError.self) { _ = try check.isDone(.operation(op)) }
        #expect(
            error.message.contains("re-creates a record with another id than line 1 of in.jsonl deletes"),
            "\(error.message)")
    }
}
