import Foundation
import Testing

@testable import GQLPatchCompletion

/// `FileStamp`, what the completion cache checks files by: a regular file's identity and times, an
/// absent file as absent, a folder by its own times, and nothing it cannot vouch for (a FIFO).
@Suite struct FileStampTests {
    @Test func regularAbsentAndOtherFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-stamp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("schema.graphql").path
        try "type A { id: ID! }".write(toFile: file, atomically: false, encoding: .utf8)
        let first = try #require(FileStamp.current(file))
        #expect(first.isPresent && first.size == 18)
        #expect(FileStamp.current(file) == first)
        #expect(FileStamp(text: first.text.split(separator: "\t", omittingEmptySubsequences: false)) == first)
        Thread.sleep(forTimeInterval: 0.02)
        try "type B { id: ID! }".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(FileStamp.current(file) != first, "the same size, written again")
        #expect(FileStamp.current(folder.appendingPathComponent("none").path) == .absent)
        #expect(FileStamp.current(file + "/below") == .absent, "below a file")
        // A folder is stamped (a `schema/` folder is listed), and an entry added to it changes its stamp.
        let folderStamp = try #require(FileStamp.current(folder.path), "a folder")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("added"), withIntermediateDirectories: false)
        #expect(FileStamp.current(folder.path) != folderStamp, "a folder with an entry added")
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(FileStamp.current(fifo) == nil, "a FIFO")
    }

    @Test func recentChangesAreNotTrusted() throws {
        let now = FileStamp.now()
        let fresh = FileStamp(
            isPresent: true, modifiedSeconds: now / 1_000_000_000, modifiedNanoseconds: now % 1_000_000_000 + 1,
            changedSeconds: now / 1_000_000_000, changedNanoseconds: now % 1_000_000_000 + 1)
        #expect(fresh.isRecent(before: now))
        let old = FileStamp(
            isPresent: true, modifiedSeconds: now / 1_000_000_000 - 5, modifiedNanoseconds: 1,
            changedSeconds: now / 1_000_000_000 - 5, changedNanoseconds: 1)
        #expect(!old.isRecent(before: now))
        let coarse = FileStamp(
            isPresent: true, modifiedSeconds: now / 1_000_000_000 - 1, changedSeconds: now / 1_000_000_000 - 1)
        #expect(coarse.isRecent(before: now), "whole seconds: a file system with coarse times")
        #expect(!FileStamp.absent.isRecent(before: now))
    }
}
