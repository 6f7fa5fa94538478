import Foundation
import JSON

@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// Reads arbitrary bytes as an `apply --journal` file (`BatchJournal.read`, what `--resume` runs),
/// then matches what it accepted against a small `apply` input (`BatchJournalCheck`), as a resumed
/// run does before its rollback may execute any undo entry. Any `GQLPatchError` is fine; a trap is
/// not. An accepted journal must be consistent: its whole-line length within the bytes, every undo
/// entry for a done line and no line undone twice, every undo surviving its own JSON form.
enum JournalFuzzTarget {
    static let catalogue: ModelCatalogue = {
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("schema.graphql").path
        guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
        do {
            return try CatalogueLoader.load(
                bytes: Array(data), file: "schema.graphql", transformConfig: nil, versioned: nil)
        } catch {
            fatalError("the schema does not load: \(error)")
        }
    }()

    /// The input a journal is matched against: line N is `inputLines[N - 1]`.
    static let inputLines = [
        #"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"name":"Mine"}}"#,
        #"{"op":"create","model":"Item","key":{"id":"made-1"},"set":{"name":"Made"}}"#,
        #"{"op":"delete","model":"Item","key":{"id":"item-2"}}"#,
        #"{"op":"update","model":"RecipeStep","key":{"recipeID":"r","rowID":2},"set":{"quantity":2.5},"unset":["action"]}"#,
    ].enumerated().map { JSONLine(number: $0.offset + 1, bytes: Array($0.element.utf8)) }

    static let parser = BatchLineParser(
        catalogue: catalogue, conflictResolution: .auto, atomic: true,
        wording: ApplyLineWording(run: CommandLineWording()))

    static func run(_ bytes: [UInt8]) {
        var reader = JSONLineReader()
        var lines = reader.feed(bytes)
        if let last = reader.finish() { lines.append(last) }
        var index = 0
        let next = { () throws(GQLPatchError) -> JSONLine? in
            defer { index += 1 }
            return index < lines.count ? lines[index] : nil
        }
        let state: BatchJournal.State
        let length: Int
        do {
            (state, length) = try BatchJournal.read(path: "fuzz.journal", next: next)
        } catch {
            precondition(error.code == .invalidInput, "a journal error that is not 65: \(error.code)")
            precondition(
                error.message.hasPrefix("fuzz.journal:"), "a journal error that names no place: \(error.message)")
            return
        }
        precondition(length >= 0 && length <= bytes.count + 1, "whole-line length \(length) for \(bytes.count) bytes")
        precondition(Set(state.entryLines.keys) == Set(state.done.keys), "entry lines and done lines differ")
        precondition(state.undo.count == Set(state.undo.map(\.line)).count, "a line with two undo entries")
        for entry in state.undo {
            precondition(state.done[entry.line] != nil, "an undo entry for line \(entry.line), which is not done")
            precondition(state.atomic, "an undo entry in a journal written without --atomic")
            precondition(
                UndoAction(json: entry.action.json()) == entry.action,
                "undo of line \(entry.line) does not survive its JSON form")
        }

        var check = BatchJournalCheck(state: state, journalPath: "fuzz.journal", inputName: "in.jsonl")
        for line in inputLines {
            do {
                let operation: BatchOperation
                do throws(BatchLineError) {
                    operation = try parser.parse(line)
                } catch {
                    preconditionFailure("an input line of the fuzz target is refused: \(error.message)")
                }
                let matched = try check.isDone(.operation(operation))
                precondition(
                    matched == (state.done[line.number] != nil),
                    "line \(line.number): done is not what the journal says")
                precondition(check.isMatched(line.number), "line \(line.number) matched but not marked so")
            } catch {
                precondition(error.code == .invalidInput, "a match error that is not 65")
                precondition(
                    !check.isMatched(line.number) || state.done[line.number] == nil, "a refused line marked matched")
            }
        }
        if (try? check.checkAllMatched()) != nil {
            precondition(
                Set(state.done.keys).isSubset(of: Set(1...inputLines.count)),
                "a done line beyond the input was accepted")
        }
    }
}
