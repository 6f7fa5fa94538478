import GQLPatchSupport

/// Records every file the catalogue load looks at, where it looks: a file system that stamps each path it reads or checks first (`FileStamp`, before the read, so a change during the
/// read shows as a different stamp next time). This finds `--schema`, `GQLPATCH_SCHEMA`,
/// `./schema.graphql`, the config and `transform.conf.json` without a list of them to keep in step; a
/// `schema/` folder is recorded by its own stamp when listed, and each file in it when read.
package final class CompletionDependencyRecorder: Sendable {
    private let seen = LockedValue<[CompletionDependency?]>([])
    private let paths = LockedValue<Set<String>>([])

    package init() {}

    /// Stamps `path` unless it already was (the first stamp is the one taken before any read).
    package func record(_ path: String) {
        guard paths.withValue({ $0.insert(path).inserted }) else { return }
        let stamp = FileStamp.current(path)
        seen.withValue { $0.append(stamp.map { CompletionDependency(path: path, stamp: $0) }) }
    }

    /// `files` with its reads and status checks recorded.
    package func recording(_ files: FileSystem) -> FileSystem {
        FileSystem(
            read: { [self] (path: String, limit: InputLimit) throws(GQLPatchError) -> [UInt8] in
                record(path)
                return try files.read(path, limit: limit)
            },
            stat: { [self] path in
                record(path)
                return files.stat(path)
            },
            list: { [self] (path: String, maxEntries: Int) throws(GQLPatchError) -> [DirectoryEntry] in
                // A folder's stamp (its times change when an entry is added, removed or renamed) vouches
                // for its listing; the files then read are recorded by their reads.
                record(path)
                return try files.list(directory: path)
            })
    }

    /// Every file recorded, in order; nil when one of them could not be stamped.
    package var dependencies: [CompletionDependency]? {
        let all = seen.current
        let known = all.compactMap { $0 }
        return known.count == all.count ? known : nil
    }
}
