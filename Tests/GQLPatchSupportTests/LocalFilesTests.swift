import Foundation
import GQLPatchTestSupport
import Testing

@testable import GQLPatchSupport

@Suite struct LocalFilesTests {
    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-files-\(UUID().uuidString)").path
    }

    @Test(arguments: [0, 1, 65_535, 65_536, 200_001])
    func readsAWholeFile(size: Int) throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try FileSystem.local.read(path, limit: .valueFile) == bytes)
        #expect(FileSystem.local.exists(path))
    }

    @Test func readsWhatAFIFOGives() throws {
        let path = temporaryPath()
        #expect(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = Array(repeating: UInt8(ascii: "x"), count: 300_000)
        let writer = Thread {
            let fd = open(path, O_WRONLY)
            guard fd >= 0 else { return }
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        writer.start()
        #expect(try FileSystem.local.read(path, limit: .valueFile) == bytes)
    }

    /// Issue 12, item 11: a regular file over the limit is refused before it is read (65); at the
    /// limit it is read.
    @Test func aFileOverItsLimitIsRefused() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(repeating: 0x41, count: 1_001).write(to: URL(fileURLWithPath: path))
        let limit = InputLimit(maxBytes: 1_000, name: "a test file")
        let error = try #require(throws: GQLPatchError.self) { try FileSystem.local.read(path, limit: limit) }
        #expect(error.code == .invalidInput)
        #expect(error.message.hasPrefix("\(path) is too large: over 0 MB, the limit for a test file"))
        #expect(try FileSystem.local.read(path, limit: InputLimit(maxBytes: 1_001, name: "a test file")).count == 1_001)
        #expect(InputLimit.valueFile.sizeText == "16 MB")
        #expect(InputLimit.schemaFile.sizeText == "128 MB")
        #expect(InputLimit.journal.sizeText == "4 GB")
    }

    /// A stream over the limit stops one byte past it instead of reading on.
    @Test func aStreamOverItsLimitStopsAtIt() throws {
        let path = temporaryPath()
        #expect(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = Thread {
            let fd = open(path, O_WRONLY)
            guard fd >= 0 else { return }
            let chunk = [UInt8](repeating: 0x41, count: 65_536)
            // Writes until the reader goes (EPIPE): endless without the limit.
            signal(SIGPIPE, SIG_IGN)
            while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
            close(fd)
        }
        writer.start()
        let error = try #require(throws: GQLPatchError.self) {
            try FileSystem.local.read(path, limit: InputLimit(maxBytes: 1 << 20, name: "a test stream"))
        }
        #expect(error.code == .invalidInput)
        #expect(error.message.hasPrefix("\(path) is too large: over 1 MB"))
    }

    @Test func devicesAreRefused() throws {
        for device in ["/dev/zero", "/dev/null", "/dev/urandom"] {
            let error = try #require(throws: GQLPatchError.self) {
                try FileSystem.local.read(device, limit: .valueFile)
            }
            #expect(error.code == .invalidInput)
            #expect(error.message.hasPrefix("\(device) is a character device, not a file"))
        }
    }

    @Test func missingFilesAndDirectoriesAreUnreadable() throws {
        let missing = temporaryPath()
        #expect(!FileSystem.local.exists(missing))
        let error = try #require(throws: GQLPatchError.self) { try FileSystem.local.read(missing, limit: .valueFile) }
        #expect(error.code == .unreadableFile)
        #expect(error.message == "cannot read \(missing): no such file")
        let directory = FileManager.default.temporaryDirectory.path
        #expect(FileSystem.local.exists(directory))
        let directoryError = try #require(throws: GQLPatchError.self) {
            try FileSystem.local.read(directory, limit: .valueFile)
        }
        #expect(directoryError.message == "cannot read \(directory): it is a directory")
    }

    /// `stat` says what is there, following links: a dangling link is nothing.
    @Test func statTellsKindSizeModeAndAge() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(repeating: 0x41, count: 123).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o640) == 0)
        let status = try #require(FileSystem.local.stat(path))
        #expect(status.kind == .regularFile)
        #expect(status.size == 123)
        #expect(status.mode == 0o640)
        #expect(abs(status.modified - Int(Date().timeIntervalSince1970)) < 600)
        #expect(FileSystem.local.stat(FileManager.default.temporaryDirectory.path)?.kind == .directory)
        let fifo = temporaryPath()
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        #expect(FileSystem.local.stat(fifo)?.kind == .fifo)
        let link = temporaryPath()
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: temporaryPath())
        defer { try? FileManager.default.removeItem(atPath: link) }
        #expect(FileSystem.local.stat(link) == nil)
        #expect(!FileSystem.local.exists(link))
    }

    /// A file gqlpatch found that cannot be read is configuration (78), in the same words; one over
    /// its limit stays 65 whoever named it.
    @Test func aFoundFileThatCannotBeReadIsConfiguration() throws {
        let missing = temporaryPath()
        let named = try #require(throws: GQLPatchError.self) { try FileSystem.local.read(missing, limit: .schemaFile) }
        let found = try #require(throws: GQLPatchError.self) {
            try FileSystem.local.read(missing, limit: .schemaFile, origin: .found)
        }
        #expect(named.code == .unreadableFile)
        #expect(found.code == .configuration)
        #expect(found.message == named.message)
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(repeating: 0x41, count: 11).write(to: URL(fileURLWithPath: path))
        let over = try #require(throws: GQLPatchError.self) {
            try FileSystem.local.read(path, limit: InputLimit(maxBytes: 10, name: "a test file"), origin: .found)
        }
        #expect(over.code == .invalidInput)
    }

    @Test func currentDirectoryIsTheProcessWorkingDirectory() {
        #expect(LocalFiles.currentDirectory() == FileManager.default.currentDirectoryPath)
    }
}
