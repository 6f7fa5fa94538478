import GQLPatchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SequenceRun {
    /// The journal asked for (refused when it or its plan is there, an empty journal excepted), or a
    /// private temporary folder's.
    func journalFiles() throws(GQLPatchError) -> SequenceRunFiles {
        if let journal {
            let plan = Self.planPath(journal: journal)
            // An empty journal already there (`mktemp`) is used, as `apply` uses one.
            for path in [journal, plan] where Self.exists(path) && !(path == journal && Self.isEmptyFile(path)) {
                throw .usage(
                    "\(path) already exists: '\(resumeCommand(journal))' continues that run, or remove the files")
            }
            return SequenceRunFiles(journal: journal, plan: plan, temporary: false)
        }
        let base = temporaryFolder
        let folder: String
        switch PrivateFiles.temporaryFolder(in: base, named: name) {
        case .success(let made): folder = made
        case .failure(let failure):
            throw GQLPatchError(
                .ioError, "cannot make a folder for the \(name)'s journal in \(base): \(failure.reason)")
        }
        let journal = folder + "/journal"
        return SequenceRunFiles(
            journal: journal, plan: Self.planPath(journal: journal), temporary: true, folder: folder)
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private static func isEmptyFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_size == 0
    }

    func removeTemporary(_ files: SequenceRunFiles) {
        guard files.temporary, let folder = files.folder else { return }
        unlink(files.journal)
        unlink(files.plan)
        rmdir(folder)
    }
}
