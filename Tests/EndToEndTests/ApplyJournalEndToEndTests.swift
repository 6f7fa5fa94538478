import Foundation
import JSON
import Testing

/// `apply --journal`: a journal someone changed is refused before anything is sent (its undo entries
/// are bound to the input lines they belong to), the journal file is private and never followed
/// through a symbolic link, and a resume with another input stops before it reports anything.
@Suite struct ApplyJournalEndToEndTests {
    static let change = #"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"name":"Mine"}}"#
    static let failing =
        #"{"op":"update","model":"Item","key":{"id":"item-2"},"set":{"name":"B"},"if":{"name":"not what it is"}}"#

    /// An emulator with item-1, item-2 and victim, and a journal left by an `--atomic` run of `change`.
    private func journaled() throws -> (Emulator, input: String, journal: String) {
        let emulator = try Emulator()
        try emulator.create("Item", ["id": "item-1", "name": "Item 1"])
        try emulator.create("Item", ["id": "item-2", "name": "Item 2"])
        try emulator.create("Item", ["id": "victim", "name": "Victim"])
        let journal = emulator.folder.appendingPathComponent("in.journal").path
        let input = try emulator.file("in.jsonl", Self.change + "\n")
        let first = try emulator.gqlpatch(["apply", input, "--atomic", "--journal", journal])
        #expect(first.status == 0, "\(first)")
        return (emulator, input, journal)
    }

    /// Exit 65, nothing on stdout, and stderr starting with `message`, a `FILE:LINE: error: ...`
    /// (which the error line may still prefix with `gqlpatch: error: `: item 19 of issue 12, not here).
    private func expectJournalFailure(
        _ result: ProcessResult, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let stderr = result.stderr.hasPrefix("gqlpatch: error: ") ? String(result.stderr.dropFirst(17)) : result.stderr
        result.expectFailure(
            65, result.stderr.hasPrefix("gqlpatch: error: ") ? "gqlpatch: error: " : "", sourceLocation: sourceLocation)
        #expect(
            stderr.hasPrefix(message), "stderr should start with \(message)\n\(result)", sourceLocation: sourceLocation)
    }

    private func name(_ emulator: Emulator, _ id: String) throws -> JSONValue? {
        try emulator.graphQL(#"{ getItem(id: "\#(id)") { name } }"#)["data"]?["getItem"]?["name"]
    }

    private func mutations(_ emulator: Emulator) throws -> Int {
        try emulator.bodies().filter { $0["query"]?.stringValue?.contains("mutation") == true }.count
    }

    /// A rollback that the tampered journal would aim at `victim`.
    static let victimUndo =
        #"{"do":"revert","model":"Item","key":{"id":"victim"},"previous":{"name":"Pwned"},"left":{"name":"Victim"}}"#

    @Test(arguments: [false, true])
    func anUndoRewrittenToAnotherKeyIsRefusedAndNothingIsSent(standardInput: Bool) throws {
        let (emulator, input, journal) = try journaled()
        defer { emulator.stop() }
        var text = try String(contentsOfFile: journal, encoding: .utf8)
        let original =
            #"{"do":"revert","model":"Item","key":{"id":"item-1"},"previous":{"name":"Item 1"},"left":{"name":"Mine"}}"#
        #expect(text.contains(original), "\(text)")
        text = text.replacing(original, with: Self.victimUndo)
        try text.write(toFile: journal, atomically: false, encoding: .utf8)
        let before = try mutations(emulator)
        let lines = Self.change + "\n" + Self.failing + "\n"
        _ = try emulator.file("in.jsonl", lines)
        let result =
            standardInput
            ? try emulator.gqlpatch(["apply", "-", "--atomic", "--journal", journal, "--resume"], stdin: lines)
            : try emulator.gqlpatch(["apply", input, "--atomic", "--journal", journal, "--resume"])
        // Line 2 records the write about to be sent, line 3 the done line with its undo.
        let message = "\(journal):3: error: the journal's undo of line 1 is for Item id=victim, but line 1 of "
        if standardInput {
            // Standard input is matched as it is read: line 1 stops the run before line 2 is sent, and
            // the journal's undo of line 1 is reported as not undone.
            #expect(result.status == 65, "\(result)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            let lines = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
            #expect(lines.count == 1, "\(result.stdout)")
            #expect(lines.first?["status"] == "rollback_failed")
            #expect(
                lines.first?["error"]?.stringValue?.hasPrefix("not undone: the journal's undo of this line") == true,
                "\(result.stdout)")
        } else {
            expectJournalFailure(result, message)
        }
        #expect(result.stderr.contains("is for Item id=item-1"), "\(result.stderr)")
        #expect(!result.stderr.contains("done:"), "\(result.stderr)")
        #expect(try name(emulator, "victim") == "Victim")
        #expect(try mutations(emulator) == before, "nothing was sent")
    }

    @Test func anUndoOfALineTheInputLacksIsRefused() throws {
        let (emulator, input, journal) = try journaled()
        defer { emulator.stop() }
        let extra = #"{"line":7,"digest":"0123456789abcde","status":"updated","undo":\#(Self.victimUndo)}"#
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        handle.seekToEndOfFile()
        handle.write(Data((extra + "\n").utf8))
        try handle.close()
        _ = try emulator.file("in.jsonl", Self.change + "\n" + Self.failing + "\n")
        let before = try mutations(emulator)
        let result = try emulator.gqlpatch(["apply", input, "--atomic", "--journal", journal, "--resume"])
        expectJournalFailure(
            result,
            "\(journal):4: error: the journal has line 7 of \(input) as applied, but \(input) has no operation on line 7"
        )
        #expect(try name(emulator, "victim") == "Victim")
        #expect(try mutations(emulator) == before, "nothing was sent")
    }

    @Test func aJournalIsCreatedPrivate() throws {
        let (emulator, _, journal) = try journaled()
        defer { emulator.stop() }
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: journal)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "mode \(String(mode, radix: 8))")
    }

    /// A journal that holds a run is not overwritten: the message says how to continue that run.
    @Test func aJournalThatHoldsARunIsNotOverwritten() throws {
        let (emulator, input, journal) = try journaled()
        defer { emulator.stop() }
        let before = try String(contentsOfFile: journal, encoding: .utf8)
        let again = try emulator.gqlpatch(["apply", input, "--journal", journal])
        again.expectFailure(
            64,
            "gqlpatch: error: the journal \(journal) already exists: pass --resume to continue that run, or remove the file\n"
        )
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == before, "the journal was left alone")
    }

    @Test func aSymbolicLinkAtTheJournalPathIsNotFollowed() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "item-1", "name": "Item 1"])
        let target = try emulator.file("elsewhere", "")
        let journal = emulator.folder.appendingPathComponent("in.journal").path
        try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: target)
        let input = try emulator.file("in.jsonl", Self.change + "\n")
        let result = try emulator.gqlpatch(["apply", input, "--journal", journal])
        result.expectFailure(65, "gqlpatch: error: the journal \(journal) is a symbolic link; refusing to follow it")
        #expect(try String(contentsOfFile: target, encoding: .utf8).isEmpty, "the link's target was not written")
        #expect(try name(emulator, "item-1") == "Item 1")
    }

    @Test func aJournalOthersCanWriteIsNotResumed() throws {
        let (emulator, input, journal) = try journaled()
        defer { emulator.stop() }
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: journal)
        _ = try emulator.file("in.jsonl", Self.change + "\n" + Self.failing + "\n")
        let before = try mutations(emulator)
        let result = try emulator.gqlpatch(["apply", input, "--atomic", "--journal", journal, "--resume"])
        result.expectFailure(65, "gqlpatch: error: the journal \(journal) can be written by other users (mode 0666)")
        #expect(try mutations(emulator) == before, "nothing was sent")
    }

    @Test func aResumeWithAnotherInputStopsBeforeReportingAnything() throws {
        let (emulator, _, journal) = try journaled()
        defer { emulator.stop() }
        let other = try emulator.file("other.jsonl", Self.failing + "\n")
        let before = try mutations(emulator)
        let result = try emulator.gqlpatch(["apply", other, "--atomic", "--journal", journal, "--resume"])
        expectJournalFailure(
            result, "\(other):1: error: this line differs from the one the journal \(journal) recorded as applied")
        #expect(!result.stderr.contains("done:"), "\(result.stderr)")
        #expect(try mutations(emulator) == before, "nothing was sent")
    }
}
