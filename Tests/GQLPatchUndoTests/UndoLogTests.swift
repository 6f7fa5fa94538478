import Foundation
import GQLPatchRecords
import GQLPatchSupport
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchUndo

/// The undo log as a file: written a line at a time, read back whole, torn and damaged lines, the
/// checks before appending, and no credential in it.
@Suite struct UndoLogTests {
    static let endpoint = "https://abc.appsync-api.eu-west-1.amazonaws.com/graphql"

    private func path() throws -> String {
        try ScratchFolders.make(prefix: "gqlpatch-undo").appendingPathComponent("run.undo").path
    }

    private func update(_ id: String, before: JSONObject) -> LoggedWrite {
        LoggedWrite(
            write: "update", model: "Item", key: ["id": .string(id)], before: before, fields: ["name"],
            sends: ["name": "Lamp"])
    }

    private func expectError(
        _ code: ExitCode, _ start: String, _ body: () async throws(GQLPatchError) -> Void,
        at location: SourceLocation = #_sourceLocation
    ) async {
        do throws(GQLPatchError) {
            try await body()
            Issue.record("expected an error starting \(start)", sourceLocation: location)
        } catch {
            #expect(error.code == code, "\(error.message)", sourceLocation: location)
            #expect(error.message.hasPrefix(start), "\(error.message)", sourceLocation: location)
        }
    }

    private func expectSyncError(
        _ code: ExitCode, _ start: String, _ body: () throws(GQLPatchError) -> Void,
        at location: SourceLocation = #_sourceLocation
    ) {
        do throws(GQLPatchError) {
            try body()
            Issue.record("expected an error starting \(start)", sourceLocation: location)
        } catch {
            #expect(error.code == code, "\(error.message)", sourceLocation: location)
            #expect(error.message.hasPrefix(start), "\(error.message)", sourceLocation: location)
        }
    }

    @Test func aRunIsWrittenPrivatelyAndReadBackWithEachWritesOutcome() async throws {
        let path = try path()
        do {
            let log = try UndoLog.begin(path: path, command: "update", endpoint: Self.endpoint, secrets: nil)
            let first = try await log.sending(update("1", before: ["id": "1", "name": "Chair"]))
            let second = try await log.sending(update("2", before: ["id": "2", "name": "Desk"]))
            let third = try await log.sending(
                LoggedWrite(
                    write: "create", model: "Item", key: nil, before: nil, fields: ["name"], sends: ["name": "New"]))
            try await log.landed(first, after: ["id": "1", "name": "Lamp", "_version": 2])
            try await log.refused(second)
            #expect(third == 3)
        }
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let read = try UndoLogFile.read(path)
        #expect(read.runs.count == 1 && read.runs[0].command == "update" && read.runs[0].endpoint == Self.endpoint)
        #expect(read.entries.map(\.entry) == [1, 2, 3])
        #expect(read.entries[0].outcome == .landed(after: ["id": "1", "name": "Lamp", "_version": 2]))
        #expect(read.entries[0].before == ["id": "1", "name": "Chair"] && read.entries[0].line == 3)
        #expect(read.entries[1].outcome == .refused)
        #expect(read.entries[2].outcome == .inDoubt && read.entries[2].key == nil && read.entries[2].before == nil)
        #expect(read.tornLine == nil)
    }

    @Test func aSecondRunAppendsUnderItsOwnIDAndAnOpenLogIsNotSharedWithAnotherRun() async throws {
        let path = try path()
        var first: UndoLog? = try UndoLog.begin(path: path, command: "update", endpoint: Self.endpoint, secrets: nil)
        _ = try await first?.sending(update("1", before: ["id": "1"]))
        expectSyncError(.unavailable, "the undo log \(path) is being written by another gqlpatch run") {
            () throws(GQLPatchError) in
            _ = try UndoLog.begin(path: path, command: "delete", endpoint: Self.endpoint, secrets: nil)
        }
        first = nil
        let second = try UndoLog.begin(path: path, command: "delete", endpoint: Self.endpoint, secrets: nil)
        _ = try await second.sending(update("2", before: ["id": "2"]))
        let read = try UndoLogFile.read(path)
        #expect(read.runs.map(\.command) == ["update", "delete"])
        #expect(read.entries.map(\.run) == read.runs.map(\.id))
        #expect(read.runs[0].id != read.runs[1].id)
    }

    /// A line cut by `kill -9` is passed over when read, and cut off before a run appends.
    @Test func aTornLastLineIsPassedOverAndCutBeforeTheNextRun() async throws {
        let path = try path()
        do {
            let log = try UndoLog.begin(path: path, command: "update", endpoint: Self.endpoint, secrets: nil)
            _ = try await log.sending(update("1", before: ["id": "1"]))
        }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"run":"x","entry":2,"wri"#.utf8))
        try handle.close()
        let torn = try UndoLogFile.read(path)
        #expect(torn.tornLine == 4 && torn.entries.count == 1)
        _ = try UndoLog.begin(path: path, command: "touch", endpoint: Self.endpoint, secrets: nil)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains(#""entry":2,"wri"#) && text.hasSuffix("\n"))
        let read = try UndoLogFile.read(path)
        #expect(read.tornLine == nil && read.runs.count == 2 && read.entries.count == 1)
    }

    @Test func aFileThatIsNotAPrivateUndoLogIsRefused() throws {
        let folder = try ScratchFolders.make(prefix: "gqlpatch-undo")
        let other = folder.appendingPathComponent("notes.txt").path
        try "hello\n".write(toFile: other, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: other)
        expectSyncError(.invalidInput, "\(other) is not a gqlpatch undo log") { () throws(GQLPatchError) in
            _ = try UndoLog.begin(path: other, command: "update", endpoint: Self.endpoint, secrets: nil)
        }
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "hello\n")
        expectSyncError(.invalidInput, "\(other):1: error: not a gqlpatch undo log") { () throws(GQLPatchError) in
            _ = try UndoLogFile.read(other)
        }
        let shared = try path()
        _ = try UndoLog.begin(path: shared, command: "update", endpoint: Self.endpoint, secrets: nil)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: shared)
        expectSyncError(.invalidInput, "the undo log \(shared) can be read or written by other users (mode 640)") {
            () throws(GQLPatchError) in
            _ = try UndoLogFile.read(shared)
        }
        let link = folder.appendingPathComponent("link.undo").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: shared)
        expectSyncError(.invalidInput, "the undo log \(link) is a symbolic link") { () throws(GQLPatchError) in
            _ = try UndoLog.begin(path: link, command: "update", endpoint: Self.endpoint, secrets: nil)
        }
        expectSyncError(.unreadableFile, "cannot read the undo log \(folder.path)/none.undo: no such file") {
            () throws(GQLPatchError) in
            _ = try UndoLogFile.read(folder.appendingPathComponent("none.undo").path)
        }
    }

    @Test func aLineGQLPatchDoesNotWriteIsDamageWithItsLine() throws {
        let folder = try ScratchFolders.make(prefix: "gqlpatch-undo")
        let cases: [(String, String)] = [
            (#"{"run":"r","entry":1,"after":{}}"#, "an answer to entry 1 of run r, which was not logged"),
            (#"{"run":"q","entry":1,"write":"update"}"#, "an entry of run q, which has no header"),
            (
                #"{"run":"r","entry":1,"write":"upsert","model":"Item","key":{},"before":{},"fields":[]}"#,
                "a write gqlpatch does not log"
            ),
            (
                #"{"run":"r","entry":1,"write":"update","model":"Item","key":{"id":"1"},"fields":[]}"#,
                "a update without its key or the record before it"
            ),
            ("[1,2", "unexpected end"),
        ]
        for (index, (line, problem)) in cases.enumerated() {
            let path = folder.appendingPathComponent("d\(index).undo").path
            let text =
                #"{"gqlpatchUndoLog":1}"# + "\n" + #"{"run":"r","started":"t","command":"update","endpoint":"e"}"#
                + "\n" + line + "\n" + #"{"run":"r","started":"u","command":"x","endpoint":"e"}"# + "\n"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
            expectSyncError(.invalidInput, "\(path):3: error: the undo log is damaged: ") { () throws(GQLPatchError) in
                _ = try UndoLogFile.read(path)
            }
            do {
                _ = try UndoLogFile.read(path)
            } catch {
                #expect(error.message.contains(problem), "\(error.message)")
            }
        }
    }

    /// A record that holds a credential the run sent (a server echoing a header) is never written:
    /// before the send, the write stops; after it, the answer is left out and the write kept as landed.
    @Test func noCredentialGoesIntoTheLog() async throws {
        let path = try path()
        let secrets = SecretScrubber()
        let key = "da2-secretkey0123456789abcdef"
        secrets.register([key])
        let log = try UndoLog.begin(path: path, command: "update", endpoint: Self.endpoint, secrets: secrets)
        await expectError(.badResponse, "the record as the server answered holds a credential gqlpatch sent") {
            () async throws(GQLPatchError) in
            _ = try await log.sending(update("1", before: ["id": "1", "name": .string("echo \(key)")]))
        }
        let entry = try await log.sending(update("2", before: ["id": "2", "name": "Chair"]))
        try await log.landed(entry, after: ["id": "2", "name": .string("x-api-key: \(key)")])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains(String(key.suffix(12))))
        let read = try UndoLogFile.read(path)
        #expect(read.entries.count == 1 && read.entries[0].outcome == .landed(after: nil))
    }
}
