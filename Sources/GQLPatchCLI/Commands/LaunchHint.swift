/// Whether a run will likely send a request, told from its argument words before they are parsed,
/// so that `Application.run` can start loading libcurl (some 30 libraries: the longest step of a
/// one-request run, about 5 ms) before parsing, the environment and the config rather than after
/// them. Only a hint. A wrong no loads later, where `Settings.resolve` starts the load itself. A wrong
/// yes costs the load's CPU on another core; it delays a run only if that run starts a thread while
/// the load is in progress (glibc's pthread_create waits for a dlopen in progress), and the process
/// ends with `_exit`, which does not wait for it.
public enum LaunchHint {
    /// Words after which nothing is sent: help, the version, a dry run, and the local commands.
    private static let localWords: [[UInt8]] = [
        "--help", "-h", "help", "--version", "--dry-run", "completion", CompletionCommand.name,
    ].map { Array($0.utf8) }

    public static func mayConnect(_ arguments: [[UInt8]]) -> Bool {
        guard !arguments.isEmpty else { return false }
        var words = arguments[...]
        if let end = words.firstIndex(of: Array("--".utf8)) { words = words[..<end] }
        if words.contains(where: { localWords.contains($0) }) { return false }
        // `schema` shows a schema file unless it pulls one; `auth status` reads the token cache.
        if words.contains(Array("schema".utf8)), !words.contains(Array("pull".utf8)) { return false }
        if words.contains(Array("auth".utf8)), words.contains(Array("status".utf8)) { return false }
        return true
    }
}
