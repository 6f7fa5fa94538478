import GQLPatchSupport

/// Where the environments file lives: `$XDG_CONFIG_HOME/gqlpatch/environments.json`, else
/// `$HOME/.config/gqlpatch/environments.json`; 0600 in a 0700 folder, written atomically (a file
/// others may read or write is refused, as the private caches are). Only `env add`, `env remove`
/// and `env use` write it.
package struct EnvironmentStore: Sendable {
    private let file: PrivateCacheFile

    /// The file is bounded: a thousand environments fit many times over.
    static let maxBytes = 1 << 20

    /// nil when neither `XDG_CONFIG_HOME` (absolute) nor `HOME` is set.
    package init?(environment: [String: String], warn: @escaping @Sendable (String) -> Void) {
        let folder: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            folder = FilePathText.join(xdg, "gqlpatch")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = FilePathText.join(FilePathText.join(home, ".config"), "gqlpatch")
        } else {
            return nil
        }
        var file = PrivateCacheFile(
            directory: folder, name: "environments.json", what: "environments", replacedBy: "it is not read",
            deleteAdvice: "fix or delete it (gqlpatch env add writes a new one)", warn: warn)
        file.ownsParent = false
        self.file = file
    }

    package var path: String { file.path }

    /// The file as it is; empty when there is none.
    package func load() throws(GQLPatchError) -> EnvironmentFile {
        guard let bytes = try file.read(maxBytes: Self.maxBytes) else { return EnvironmentFile() }
        do {
            return try EnvironmentFile(bytes: bytes)
        } catch {
            throw .configuration("the environments file \(path) is damaged: \(error.message); fix or delete it")
        }
    }

    package func save(_ environments: EnvironmentFile) throws(GQLPatchError) {
        try file.write(environments.bytes)
    }
}
