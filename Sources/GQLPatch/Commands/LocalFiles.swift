import Foundation

/// The real file system, for `RunContext`.
public enum LocalFiles {
    /// Reads a file, or standard input for `-`. Errors name the file and the reason (exit 66).
    @Sendable public static func read(_ path: String) throws(GQLPatchError) -> [UInt8] {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return [UInt8](data)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadableFile("cannot read \(path): no such file")
        }
        if isDirectory.boolValue { throw .unreadableFile("cannot read \(path): it is a directory") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile("cannot read \(path): permission denied or unreadable")
        }
        return [UInt8](data)
    }

    @Sendable public static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    public static func currentDirectory() -> String {
        FileManager.default.currentDirectoryPath
    }
}
