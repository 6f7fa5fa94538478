/// The files a run reads (value files, schemas, configs, the AWS shared files and token files), held by
/// `RunContext` so that every read has the same bounds, one wording and one rule for the exit code.
/// The executable passes `local`; tests pass one over a temporary folder or over memory.
///
/// A file that cannot be read fails with `cannot read PATH: REASON`: exit 66 when the user named it
/// (a flag, an environment variable, `@file`), 78 when gqlpatch found it itself (`./schema.graphql`,
/// `./amplify_outputs.json`, `transform.conf.json`, `~/.aws/config`, a path written in a config file),
/// since then the fix is in the configuration, not the command line. A file over its limit, or a device,
/// is 65 (README "Limits").
public struct FileSystem: Sendable {
    /// Who named the file, which decides the exit code of a file that cannot be read.
    public enum Origin: Sendable, Equatable {
        /// A flag, an environment variable or `@file`: exit 66.
        case named
        /// Found by gqlpatch (discovery, a default path, a path inside a config file): exit 78.
        case found
    }

    /// Reads the whole file at a path (or standard input for `-`) within a limit; failures are
    /// `cannotRead` (66) or `InputLimit.tooLarge` and devices (65).
    public typealias Reader = @Sendable (_ path: String, _ limit: InputLimit) throws(GQLPatchError) -> [UInt8]
    /// What is at a path, nil when nothing is (a dangling symbolic link included).
    public typealias StatusReader = @Sendable (_ path: String) -> FileStatus?
    /// The entries of the folder at a path ("." and ".." left out), in any order; more than `maxEntries`
    /// of them fails (`tooManyEntries`), a path that is not a readable folder is `cannotRead`.
    public typealias Lister = @Sendable (_ path: String, _ maxEntries: Int) throws(GQLPatchError) -> [DirectoryEntry]

    /// How many entries a folder listing takes at most (README "Limits").
    public static let maxFolderEntries = 1_000

    private let reader: Reader
    private let statusReader: StatusReader
    private let lister: Lister

    public init(read: @escaping Reader, stat: @escaping StatusReader, list: @escaping Lister) {
        reader = read
        statusReader = stat
        lister = list
    }

    /// The machine's files, read under the rules of `InputDescriptor`.
    public static let local = FileSystem(
        read: LocalFiles.read(_:limit:), stat: LocalFiles.status(_:), list: LocalFiles.list(_:maxEntries:))

    /// The whole file at `path`, at most `limit.maxBytes`.
    public func read(_ path: String, limit: InputLimit, origin: Origin = .named) throws(GQLPatchError) -> [UInt8] {
        do {
            return try reader(path, limit)
        } catch {
            guard origin == .found, error.code == .unreadableFile else { throw error }
            throw .configuration(error.message)
        }
    }

    /// What is at `path` (symbolic links followed); nil when nothing is.
    public func stat(_ path: String) -> FileStatus? {
        statusReader(path)
    }

    /// The entries of the folder at `path`, sorted by name (byte order, as Node's `fs.readdir` gives them),
    /// at most `maxFolderEntries`; failures as `read`'s.
    public func list(directory path: String, origin: Origin = .named) throws(GQLPatchError) -> [DirectoryEntry] {
        do {
            return try lister(path, Self.maxFolderEntries).sorted {
                $0.name.utf8.lexicographicallyPrecedes($1.name.utf8)
            }
        } catch {
            guard origin == .found, error.code == .unreadableFile else { throw error }
            throw .configuration(error.message)
        }
    }

    /// The one wording of a folder with more entries than a listing takes (65, like a file over its limit).
    public static func tooManyEntries(_ path: String, limit: Int) -> GQLPatchError {
        .invalidInput(
            "\(path) holds too many entries: over \(limit), the limit for a schema folder (see README, Limits)")
    }

    /// Whether something is at `path` (symbolic links followed).
    public func exists(_ path: String) -> Bool {
        statusReader(path) != nil
    }

    /// Reads value files (`InputLimit.valueFile`) named by the user, for the builders that take a reader.
    public var valueFileReader: @Sendable (String) throws(GQLPatchError) -> [UInt8] {
        { [self] (path: String) throws(GQLPatchError) -> [UInt8] in try read(path, limit: .valueFile) }
    }

    /// The one wording of a file that cannot be read: `cannot read PATH: REASON` (66).
    public static func cannotRead(_ path: String, _ reason: String) -> GQLPatchError {
        .unreadableFile("cannot read \(path): \(reason)")
    }
}
