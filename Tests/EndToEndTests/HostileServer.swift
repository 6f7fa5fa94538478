import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One `Tests/HostileServer/hostile_server.py` on a free loopback port, answering every request
/// in one bad way (`--mode`), with its own request log. Stopped by `stop()`.
final class HostileServer: @unchecked Sendable {
    // @unchecked: the process handle is only touched by the test that owns the server.
    let port: Int
    let folder: URL
    let requestLog: URL
    private let process: Process

    var endpoint: String { "http://127.0.0.1:\(port)/graphql" }

    static var script: String {
        TestPaths.packageRoot.appendingPathComponent("Tests/HostileServer/hostile_server.py").path
    }

    init(mode: String, _ arguments: [String] = []) throws {
        try TestPaths.requireTools()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        requestLog = folder.appendingPathComponent("requests.jsonl")
        let portFile = folder.appendingPathComponent("port")
        (process, port) = try LoopbackServerProcess.start(
            "hostile server (\(mode))",
            arguments: [Self.script, "--mode", mode, "--port-file", portFile.path, "--request-log", requestLog.path]
                + arguments,
            portFile: portFile, folder: folder)
    }

    /// How many requests the server has read so far.
    func requestCount() -> Int {
        guard let data = FileManager.default.contents(atPath: requestLog.path) else { return 0 }
        return data.split(separator: UInt8(ascii: "\n")).count
    }

    /// How many connections the requests read so far came over.
    func connectionCount() -> Int {
        Set(entries().compactMap { $0["connection"] as? Int }).count
    }

    /// Over TLS, the connections whose handshake resumed an earlier session, and all of them (as
    /// Python's `ssl` module saw it).
    func resumedConnections() -> (resumed: Int, all: Int) {
        var resumed: [Int: Bool] = [:]
        for entry in entries() {
            guard let connection = entry["connection"] as? Int else { continue }
            resumed[connection] = entry["resumed"] as? Bool ?? false
        }
        return (resumed.values.filter { $0 }.count, resumed.count)
    }

    private func entries() -> [[String: Any]] {
        guard let data = FileManager.default.contents(atPath: requestLog.path) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any]
        }
    }

    func stop() {
        LoopbackServerProcess.stop(process)
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }
}
