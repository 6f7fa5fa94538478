import GQLPatchSupport

extension FileSystem {
    /// Files held in memory, by path; every folder on the way to one exists (empty). Reads keep
    /// `FileSystem.local`'s wording and limits: a missing path, a folder, a file over the limit; a
    /// folder lists the files and folders directly in it.
    package static func memory(_ files: [String: [UInt8]], modified: Int = 0) -> FileSystem {
        var folders: Set<String> = []
        for path in files.keys {
            var folder = FilePathText.directory(of: path)
            while !folders.contains(folder), folder != ".", folder != "/" {
                folders.insert(folder)
                folder = FilePathText.directory(of: folder)
            }
        }
        folders.insert("/")
        let allFolders = folders
        return FileSystem(
            read: { (path: String, limit: InputLimit) throws(GQLPatchError) -> [UInt8] in
                if allFolders.contains(path) { throw FileSystem.cannotRead(path, "it is a directory") }
                guard let bytes = files[path] else { throw FileSystem.cannotRead(path, "no such file") }
                guard bytes.count <= limit.maxBytes else { throw limit.tooLarge(path) }
                return bytes
            },
            stat: { path in
                if allFolders.contains(path) {
                    return FileStatus(kind: .directory, size: 0, mode: 0o755, modified: modified)
                }
                guard let bytes = files[path] else { return nil }
                return FileStatus(kind: .regularFile, size: bytes.count, mode: 0o644, modified: modified)
            },
            list: { (path: String, maxEntries: Int) throws(GQLPatchError) -> [DirectoryEntry] in
                guard allFolders.contains(path) else {
                    throw FileSystem.cannotRead(path, files[path] == nil ? "no such file" : "it is not a folder")
                }
                let children =
                    files.keys.filter { FilePathText.directory(of: $0) == path }.map {
                        DirectoryEntry(name: FilePathText.lastComponent(of: $0), kind: .regularFile)
                    }
                    + allFolders.filter { $0 != path && FilePathText.directory(of: $0) == path }.map {
                        DirectoryEntry(name: FilePathText.lastComponent(of: $0), kind: .directory)
                    }
                guard children.count <= maxEntries else { throw FileSystem.tooManyEntries(path, limit: maxEntries) }
                return children
            })
    }
}
