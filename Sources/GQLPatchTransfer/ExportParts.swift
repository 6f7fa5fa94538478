import GQLPatchOperations
import GQLPatchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the models' part files go: beside the `--state` file (`FILE.parts/`, kept until the export
/// finishes, for a resumed run) or in a private temporary folder (removed at the end either way).
/// `N.jsonl` holds model N's first-pass lines, `N.second.jsonl` its second-pass ones.
package struct ExportParts: Sendable {
    package let folder: String

    package init(stateFile: String?, temporaryBase base: String) throws(GQLPatchError) {
        if let stateFile {
            folder = stateFile + ".parts"
            guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
                throw GQLPatchError(.ioError, "cannot create \(folder): \(String(cString: strerror(errno)))")
            }
            return
        }
        switch PrivateFiles.temporaryFolder(in: base, named: "export") {
        case .success(let made): folder = made
        case .failure(let failure):
            throw GQLPatchError(.ioError, "cannot create a temporary folder in \(base): \(failure.reason)")
        }
    }

    package func first(_ index: Int) -> String { "\(folder)/\(index).jsonl" }
    package func second(_ index: Int) -> String { "\(folder)/\(index).second.jsonl" }

    /// A model's first-pass part, once copied into the output.
    package func removeFirst(_ index: Int) {
        unlink(first(index))
    }

    /// Every part of `count` models, and the folder.
    package func remove(_ count: Int) {
        for index in 0..<count {
            unlink(first(index))
            unlink(second(index))
        }
        rmdir(folder)
    }

    /// The state `path` holds; nil when there is no such file (a first run).
    package static func loadState(_ path: String) throws(GQLPatchError) -> ExportState? {
        switch PrivateFiles.read(path, maxBytes: 64 << 20, forbiddenModeBits: 0o022) {
        case .missing: return nil
        case .contents(let bytes):
            do {
                return try ExportState(parsing: bytes)
            } catch {
                throw GQLPatchError(.invalidInput, "\(path): \(error.message)")
            }
        case .notOurs: throw GQLPatchError(.unreadableFile, "\(path) is not a regular file of this user")
        case .tooOpen(let mode):
            throw GQLPatchError(
                .unreadableFile, "\(path) may be written by others (mode \(String(mode, radix: 8))); it is not read")
        case .tooLarge: throw GQLPatchError(.invalidInput, "\(path) is too large for an export state")
        case .failed(let reason): throw GQLPatchError(.unreadableFile, "cannot read \(path): \(reason)")
        }
    }
}
