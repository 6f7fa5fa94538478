import Foundation
import JSON

/// One `Tests/HostileServer/forward_proxy.py` on a free loopback port: a forward proxy that tunnels
/// `CONNECT` and relays absolute-URI requests, logging each request line it received.
final class ForwardProxy: @unchecked Sendable {
    // @unchecked: the process handle is only touched by the test that owns the proxy.
    let port: Int
    let folder: URL
    let requestLog: URL
    private let process: Process

    /// `http://127.0.0.1:PORT`, as a `*_proxy` variable names it.
    var url: String { "http://127.0.0.1:\(port)" }

    init() throws {
        try TestPaths.requireTools()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-proxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        requestLog = folder.appendingPathComponent("requests.jsonl")
        let portFile = folder.appendingPathComponent("port")
        (process, port) = try LoopbackServerProcess.start(
            "forward proxy",
            arguments: [
                TestPaths.packageRoot.appendingPathComponent("Tests/HostileServer/forward_proxy.py").path,
                "--port-file", portFile.path, "--request-log", requestLog.path, "--lifetime", "180",
            ],
            portFile: portFile, folder: folder)
    }

    /// The request lines received so far: `CONNECT host:port`, `POST http://host/path`.
    func requests() -> [String] {
        guard let data = FileManager.default.contents(atPath: requestLog.path) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap {
            guard let entry = try? JSONValue.parse(String(decoding: $0, as: UTF8.self)) else { return nil }
            return "\(entry["method"]?.stringValue ?? "?") \(entry["target"]?.stringValue ?? "?")"
        }
    }

    func stop() {
        LoopbackServerProcess.stop(process)
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }
}
