import Foundation
import Testing

@testable import GQLPatch

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
        #expect(try LocalFiles.read(path) == bytes)
        #expect(LocalFiles.exists(path))
    }

    @Test func readsWhatAPipeLikeFileGives() throws {
        #expect(try LocalFiles.read("/dev/null") == [])
    }

    @Test func missingFilesAndDirectoriesAreUnreadable() throws {
        let missing = temporaryPath()
        #expect(!LocalFiles.exists(missing))
        let error = try #require(throws: GQLPatchError.self) { try LocalFiles.read(missing) }
        #expect(error.code == .unreadableFile)
        #expect(error.message == "cannot read \(missing): no such file")
        let directory = FileManager.default.temporaryDirectory.path
        #expect(LocalFiles.exists(directory))
        let directoryError = try #require(throws: GQLPatchError.self) { try LocalFiles.read(directory) }
        #expect(directoryError.message == "cannot read \(directory): it is a directory")
    }

    @Test func currentDirectoryIsTheProcessWorkingDirectory() {
        #expect(LocalFiles.currentDirectory() == FileManager.default.currentDirectoryPath)
    }
}
