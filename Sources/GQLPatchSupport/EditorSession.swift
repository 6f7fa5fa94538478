#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file `edit` hands to the editor: in a fresh folder of its own (mode 0700), the file 0600, so
/// no other user reads the record; the editor runs on the terminal (`$VISUAL`, else `$EDITOR`, else
/// `vi`, through `/bin/sh` so an editor with arguments works).
package struct EditorSession: Sendable {
    package var path: String
    package var editor: String

    /// Makes the folder and names the file (`<Model>-<key>.json`).
    package static func make(name: String, environment: [String: String]) throws(GQLPatchError) -> EditorSession {
        let base = PrivateFiles.temporaryBase(environment)
        let folder: String
        switch PrivateFiles.temporaryFolder(in: base, named: "edit") {
        case .success(let made): folder = made
        case .failure(let failure):
            throw GQLPatchError(.ioError, "cannot make a folder for the edit in \(base): \(failure.reason)")
        }
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
        return EditorSession(path: folder + "/" + safe + ".json", editor: editor)
    }

    /// Writes `text` to the file (replacing it), mode 0600; every byte checked.
    package func write(_ text: String) throws(GQLPatchError) {
        try PrivateFiles.write(Array(text.utf8), to: path)
    }

    /// Runs the editor on the file, on this process's terminal; its exit status.
    package func run() throws(GQLPatchError) -> Int32 {
        let script: String = editor + " \"$1\""
        let arguments = ["/bin/sh", "-c", script, "sh", path].map { (text: String) in strdup(text) }
        defer { arguments.forEach { free($0) } }
        // The editor gets SIGPIPE as a process usually has it (gqlpatch ignores it for itself).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &pipeSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        let result = (arguments + [nil]).withUnsafeBufferPointer { argv in
            posix_spawn(&pid, "/bin/sh", nil, &attributes, argv.baseAddress!, environ)
        }
        guard result == 0 else {
            throw GQLPatchError(.ioError, "cannot run the editor (\(editor)): \(String(cString: strerror(result)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return -1 }
        }
        // Exited normally: its code; ended by a signal: 128 + the signal, as a shell says it.
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Removes the folder with the file and whatever the editor left beside it (a backup such as
    /// `file~`): the folder is this session's own, made for the edit.
    package func remove() {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        unlink(path)
        if let directory = opendir(folder) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != ".", name != ".." { unlink(folder + "/" + name) }
            }
            closedir(directory)
        }
        rmdir(folder)
    }
}
