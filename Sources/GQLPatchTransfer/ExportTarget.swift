import GQLPatchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an export's `-o FILE` is written: a working file beside FILE, renamed over it only once
/// the export is complete, so an export that fails, is interrupted or killed never leaves FILE
/// truncated or half-written (yesterday's backup stays whole). With `--state` the working file is
/// `FILE.partial`, kept for the resumed run; without, a hidden `.FILE.gqlpatch-PID.partial`,
/// removed when the run fails. A FILE that is not a regular file (a device, a FIFO) cannot be
/// replaced and is written in place.
package struct ExportTarget: Sendable {
    /// The file the user named.
    package let path: String
    /// Where the lines go until the export is complete.
    package let working: String

    package init(path: String, resumable: Bool) {
        self.path = path
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            working = path
            return
        }
        if resumable {
            working = path + ".partial"
        } else {
            let slash = path.lastIndex(of: "/")
            let folder = slash.map { String(path[...$0]) } ?? ""
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            working = "\(folder).\(name).gqlpatch-\(getpid()).partial"
        }
    }

    /// Whether the lines are written in place (FILE is a device or a FIFO).
    package var inPlace: Bool { working == path }

    /// Puts the complete working file in FILE's place, with FILE's permissions when it existed.
    package func commit(_ file: ExportFile) throws(GQLPatchError) {
        guard !inPlace else { return }
        try file.sync()
        var info = stat()
        if stat(path, &info) == 0 { _ = chmod(working, info.st_mode & 0o7777) }
        guard rename(working, path) == 0 else {
            throw GQLPatchError(
                .ioError,
                "cannot put the export in \(path)'s place: \(String(cString: strerror(errno))) (it is complete in \(working))"
            )
        }
    }

    /// Removes the working file of a run that did not complete (FILE is untouched).
    package func discard() {
        guard !inPlace else { return }
        unlink(working)
    }
}
