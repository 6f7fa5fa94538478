import Foundation
import JSON

/// One `Tests/HostileServer/realtime_replay.py` on a free loopback port: a real-time endpoint that
/// replays frames the service was published to send (`--mode script` with a frames file, each
/// frame's source beside it in the test) or misbehaves as infrastructure does (`ack-close`,
/// `down-after-first`, `status`), with a log of every connection it accepted.
final class RealtimeReplayServer: @unchecked Sendable {
    // @unchecked: the process handle is only touched by the test that owns the server.
    let port: Int
    let folder: URL
    let requestLog: URL
    private let process: Process

    var endpoint: String { "http://127.0.0.1:\(port)/graphql" }

    /// Starts it in `mode`; `frames` (script mode) are written to its frames file, one a line.
    init(mode: String, frames: [String] = [], _ arguments: [String] = []) throws {
        try TestPaths.requireTools()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        requestLog = folder.appendingPathComponent("requests.jsonl")
        let portFile = folder.appendingPathComponent("port")
        let framesFile = folder.appendingPathComponent("frames")
        try Data((frames.joined(separator: "\n") + "\n").utf8).write(to: framesFile)
        (process, port) = try LoopbackServerProcess.start(
            "real-time replay (\(mode))",
            arguments: [
                TestPaths.packageRoot.appendingPathComponent("Tests/HostileServer/realtime_replay.py").path,
                "--mode", mode, "--frames", framesFile.path, "--port-file", portFile.path,
                "--request-log", requestLog.path, "--lifetime", "120",
            ] + arguments,
            portFile: portFile, folder: folder)
    }

    /// The log's entries so far.
    func entries() -> [JSONValue] {
        guard let data = FileManager.default.contents(atPath: requestLog.path) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap {
            try? JSONValue.parse(String(decoding: $0, as: UTF8.self))
        }
    }

    /// How many WebSocket connections were attempted.
    func connections() -> Int { entries().filter { $0["realtime"] == "connect" }.count }

    /// Runs gqlpatch against it with an API key and the repository's schema.
    func gqlpatch(_ arguments: [String]) throws -> ProcessResult {
        try GQLPatchRun.run(
            ["--endpoint", endpoint, "--schema", TestPaths.schema, "--api-key", Emulator.apiKey] + arguments,
            in: folder)
    }

    func stop() {
        LoopbackServerProcess.stop(process)
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }
}
