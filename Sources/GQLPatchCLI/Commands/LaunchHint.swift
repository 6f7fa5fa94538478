/// Whether a run will likely send a request, or a batch of them, told from its argument words before
/// they are parsed, so that `Application.run` can start loading libcurl for a batch (some 30
/// libraries, about 5 ms) before parsing, the environment and the config rather than after them.
/// Only a hint. A wrong no loads later, on the batch's first request. A wrong yes costs the load's
/// CPU on another core; it delays a run only if that run starts a thread while the load is in
/// progress (glibc's pthread_create waits for a dlopen in progress), and the process ends with
/// `_exit`, which does not wait for it.
public enum LaunchHint {
    /// Words after which nothing is sent: help, the version, a dry run, and the local commands.
    private static let localWords: [[UInt8]] = [
        "--help", "-h", "help", "--version", "--dry-run", "completion", CompletionCommand.name,
    ].map { Array($0.utf8) }

    /// Whether the run is a batch that will send: `apply`, and `insert` and `renumber`, whose moves
    /// run as one.
    private static let batchWords: [[UInt8]] = ["apply", "insert", "renumber"].map { Array($0.utf8) }

    public static func sendsBatch(_ arguments: [[UInt8]]) -> Bool {
        guard mayConnect(arguments) else { return false }
        let words = arguments.prefix { $0 != Array("--".utf8) }
        return words.contains { batchWords.contains($0) }
    }

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
