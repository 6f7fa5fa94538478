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

/// The journal's format on disk, and what `--resume` reads back from it.
@Suite struct BatchJournalTests {
    private func contents(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }

    private let undo = UndoAction.revert(
        model: "Item", key: ["id": "1"], previous: ["name": "Chair"], left: ["name": "Lamp"], version: 4)

    @Test func formatOnDisk() throws {
        let path = try BatchFixture.folder().appendingPathComponent("j.journal").path
        let journal = try BatchJournal.create(path: path, input: "in.jsonl", atomic: true, wording: SourceNameWording())
        try journal.record(LineResult(line: 3, status: .updated, undo: undo, digest: "0123456789abcde"))
        try journal.record(LineResult(line: 5, status: .unchanged, digest: "fedcba987654321"))
        try journal.recordRollback(line: 3)
        #expect(
            try contents(path) == [
                #"{"gqlpatchJournal":1,"input":"in.jsonl","atomic":true}"#,
                #"{"line":3,"digest":"0123456789abcde","status":"updated","undo":{"do":"revert","model":"Item","key":{"id":"1"},"previous":{"name":"Chair"},"left":{"name":"Lamp"},"version":4}}"#,
                #"{"line":5,"digest":"fedcba987654321","status":"unchanged"}"#,
                #"{"line":3,"rolledBack":true}"#,
                "",
            ])
    }

    @Test func resumeReadsDoneLinesAndUndoes() throws {
        let path = try BatchFixture.folder().appendingPathComponent("j.journal").path
        let journal = try BatchJournal.create(path: path, input: "in.jsonl", atomic: true, wording: SourceNameWording())
        try journal.record(
            LineResult(
                line: 1, status: .created,
                undo: .remove(model: "Item", key: ["id": "9"], left: ["name": "x"], version: nil), digest: "aaa"))
        try journal.record(LineResult(line: 2, status: .updated, undo: undo, digest: "bbb"))
        try journal.record(
            LineResult(
                line: 4, status: .deleted,
                undo: .recreate(model: "Item", key: ["id": "2"], record: ["id": "2", "name": "Old"]), digest: "ccc"))
        try journal.recordRollback(line: 4)
        let (_, state) = try BatchJournal.resume(path: path)
        #expect(state.input == "in.jsonl")
        #expect(state.atomic)
        #expect(state.done == [1: "aaa", 2: "bbb"])
        #expect(state.undo.map(\.line) == [1, 2])
        #expect(state.undo.last?.action == undo)
    }

    /// A write recorded as about to be sent is in doubt until its line is done (issue 32 #8); the
    /// last one of a line counts, and one the journal cannot mean is damage.
    @Test func writesAboutToBeSentAreInDoubtUntilDone() throws {
        let path = try BatchFixture.folder().appendingPathComponent("j.journal").path
        let journal = try BatchJournal.create(
            path: path, input: "in.jsonl", atomic: false, wording: SourceNameWording())
        try journal.recordSending(line: 1, digest: "aaa", write: "create", expect: ["name": "Lamp"])
        try journal.recordSending(line: 2, digest: "bbb", write: "update", expect: ["name": "A"])
        try journal.recordSending(line: 2, digest: "bbb", write: "update", expect: ["name": "B"])
        try journal.recordSending(line: 3, digest: "ccc", write: "delete", expect: nil)
        try journal.record(LineResult(line: 1, status: .created, digest: "aaa"))
        #expect(
            try contents(path)[1] == #"{"line":1,"digest":"aaa","sending":"create","expect":{"name":"Lamp"}}"#)
        let (_, state) = try BatchJournal.resume(path: path)
        #expect(state.done == [1: "aaa"])
        #expect(
            state.sending == [
                2: BatchJournal.Intent(digest: "bbb", write: "update", expect: ["name": "B"]),
                3: BatchJournal.Intent(digest: "ccc", write: "delete", expect: nil),
            ])
        for (entry, problem) in [
            (#"{"line":4,"digest":"d","sending":"replace"}"#, "line 4 is sending a write gqlpatch does not write"),
            (
                #"{"line":4,"digest":"d","sending":"update","expect":[1]}"#,
                "line 4 expects something other than an object"
            ),
            (#"{"line":1,"digest":"aaa","sending":"update"}"#, "line 1 is sending after it was done"),
        ] {
            let damaged = try BatchFixture.folder().appendingPathComponent("d.journal").path
            try (String(contentsOfFile: path, encoding: .utf8) + entry + "\n" + #"{"line":9,"rolledBack":true}"# + "\n")
                .write(toFile: damaged, atomically: false, encoding: .utf8)
            #expect {
                _ = try BatchJournal.resume(path: damaged)
            } throws: { error in
                (error as? GQLPatchError)?.message.contains("the journal is damaged: \(problem)") == true
            }
        }
    }

    @Test func aTornLastLineIsDroppedAndCutOff() throws {
        let path = try BatchFixture.folder().appendingPathComponent("j.journal").path
        let journal = try BatchJournal.create(path: path, input: "<stdin>", atomic: false, wording: SourceNameWording())
        try journal.record(LineResult(line: 1, status: .updated, digest: "aaa"))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"line":2,"dig"#.utf8))
        try handle.close()
        let (resumed, state) = try BatchJournal.resume(path: path)
        #expect(state.done == [1: "aaa"])
        try resumed.record(LineResult(line: 2, status: .updated, digest: "bbb"))
        #expect(
            try contents(path).suffix(3) == [
                #"{"line":1,"digest":"aaa","status":"updated"}"#, #"{"line":2,"digest":"bbb","status":"updated"}"#, "",
            ])
    }

    @Test func aDamagedMiddleLineIsAnError() throws {
        let path = try BatchFixture.folder().appendingPathComponent("j.journal").path
        try
            (#"{"gqlpatchJournal":1,"input":"x","atomic":false}"# + "\nnot json\n"
            + #"{"line":1,"digest":"a","status":"updated"}"# + "\n")
            .write(toFile: path, atomically: false, encoding: .utf8)
        let error = try #require(throws: GQLPatchError.self) { try BatchJournal.resume(path: path) }
        #expect(error.code == .invalidInput)
        #expect(error.message == "\(path):2:2: error: the journal is damaged: unexpected character \"o\"")
    }

    @Test func notAJournal() throws {
        let path = try BatchFixture.folder().appendingPathComponent("j.journal").path
        try #"{"line":1}"#.write(toFile: path, atomically: false, encoding: .utf8)
        let error = try #require(throws: GQLPatchError.self) { try BatchJournal.resume(path: path) }
        #expect(
            error.message == "\(path):1: error: not a gqlpatch apply journal (no {\"gqlpatchJournal\": 1, ...} header)")
    }

    @Test func anExistingJournalIsNotOverwritten() throws {
        let path = try BatchFixture.folder().appendingPathComponent("j.journal").path
        _ = try BatchJournal.create(path: path, input: "in.jsonl", atomic: false, wording: SourceNameWording())
        let error = try #require(throws: GQLPatchError.self) {
            try BatchJournal.create(path: path, input: "in.jsonl", atomic: false, wording: SourceNameWording())
        }
        #expect(error.code == .usage)
        #expect(
            error.message
                == "the journal \(path) already exists: pass resume to continue that run, or remove the file")
    }

    @Test(arguments: [
        UndoAction.revert(
            model: "Item", key: ["id": "1"], previous: ["name": "A", "tags": .null],
            left: ["name": "B", "tags": ["x"]], version: nil),
        UndoAction.remove(
            model: "RecipeStep", key: ["recipeID": "r", "rowID": 2], left: ["quantity": 1.5], version: 1),
        UndoAction.recreate(
            model: "Item", key: ["id": "1"], record: ["id": "1", "name": "A", "imageFile": ["bucket": "b"]]),
    ])
    func undoRoundTrips(_ action: UndoAction) throws {
        let text = action.json().serialized()
        #expect(UndoAction(json: try JSONValue.parse(text)) == action)
    }

    private func journalFile(_ lines: [String]) throws -> String {
        let path = try BatchFixture.folder().appendingPathComponent("j.journal").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o600)
        return path
    }

    @Test(arguments: [
        (
            #"{"line":1,"digest":"a","status":"updated","undo":{"do":"revert","model":"Item","key":{"id":"1"},"previous":{},"left":{}}}"#,
            false,
            "line 1 has an undo, but the journal was not written for an atomic run"
        ),
        (
            #"{"line":1,"digest":"a","status":"updated","undo":{"do":"overwrite","model":"Item","key":{"id":"1"}}}"#,
            true,
            "line 1 has an undo gqlpatch does not write"
        ),
        (
            #"{"line":1,"digest":"a","status":"unchanged","undo":{"do":"remove","model":"Item","key":{"id":"1"},"left":{}}}"#,
            true,
            "line 1 has an undo gqlpatch does not write"
        ),
        (#"{"line":1,"digest":"a","status":"failed"}"#, true, "line 1 has no status of a done line"),
        (#"{"line":1,"status":"updated"}"#, true, "line 1 has no digest"),
        (#"{"line":0,"digest":"a","status":"updated"}"#, true, #"an entry without a line number ("line": 1 or more)"#),
        (#"{"line":4,"rolledBack":true}"#, true, "line 4 is rolled back but was not applied"),
    ])
    func anEntryGqlpatchDoesNotWriteIsDamage(entry: String, atomic: Bool, problem: String) throws {
        let path = try journalFile([
            #"{"gqlpatchJournal":1,"input":"x","atomic":\#(atomic)}"#, entry,
            #"{"line":9,"digest":"b","status":"updated"}"#,
        ])
        let error = try #require(throws: GQLPatchError.self) { try BatchJournal.resume(path: path) }
        #expect(error.code == .invalidInput)
        #expect(error.message == "\(path):2: error: the journal is damaged: \(problem)")
    }

    @Test func aLineDoneTwiceWithoutARollbackIsDamage() throws {
        let done = #"{"line":1,"digest":"a","status":"updated"}"#
        let path = try journalFile([
            #"{"gqlpatchJournal":1,"input":"x","atomic":false}"#, done, #"{"line":1,"rolledBack":true}"#, done, done,
        ])
        let error = try #require(throws: GQLPatchError.self) { try BatchJournal.resume(path: path) }
        #expect(error.message == "\(path):5: error: the journal is damaged: line 1 is recorded as done twice")
    }

    @Test func aNewJournalIsPrivateAndAnEmptyOneIsMadeSo() throws {
        let folder = try BatchFixture.folder()
        let fresh = folder.appendingPathComponent("new.journal").path
        _ = try BatchJournal.create(path: fresh, input: "in.jsonl", atomic: false, wording: SourceNameWording())
        #expect(try FileManager.default.attributesOfItem(atPath: fresh)[.posixPermissions] as? Int == 0o600)
        let made = folder.appendingPathComponent("mktemp.journal").path
        #expect(FileManager.default.createFile(atPath: made, contents: nil, attributes: [.posixPermissions: 0o644]))
        _ = try BatchJournal.create(path: made, input: "in.jsonl", atomic: false, wording: SourceNameWording())
        #expect(try FileManager.default.attributesOfItem(atPath: made)[.posixPermissions] as? Int == 0o600)
    }

    @Test func aJournalBehindASymbolicLinkOrWritableByOthersIsRefused() throws {
        let folder = try BatchFixture.folder()
        let real = folder.appendingPathComponent("real.journal").path
        _ = try BatchJournal.create(path: real, input: "in.jsonl", atomic: false, wording: SourceNameWording())
        let link = folder.appendingPathComponent("link.journal").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        for attempt in [
            { _ = try BatchJournal.resume(path: link) },
            { _ = try BatchJournal.create(path: link, input: "in.jsonl", atomic: false, wording: SourceNameWording()) },
        ] {
            let error = try #require(throws: GQLPatchError.self) { try attempt() }
            #expect(error.code == .invalidInput)
            #expect(
                error.message
                    == "the journal \(link) is a symbolic link; refusing to follow it (give the file's own path)")
        }
        chmod(real, 0o620)
        let error = try #require(throws: GQLPatchError.self) { try BatchJournal.resume(path: real) }
        #expect(
            error.message
                == "the journal \(real) can be written by other users (mode 0620): chmod go-w \(real); refusing to use it"
        )
        let fifo = folder.appendingPathComponent("fifo.journal").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let notFile = try #require(throws: GQLPatchError.self) { try BatchJournal.resume(path: fifo) }
        #expect(notFile.message == "the journal \(fifo) is not a regular file; refusing to use it")
    }
}
