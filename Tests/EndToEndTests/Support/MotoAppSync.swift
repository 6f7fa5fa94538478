import Foundation
import JSON

/// moto's AppSync control plane (Tests/ControlPlaneServers/moto_appsync.py) on a free loopback port,
/// with one GraphQL API whose schema is `schema` (SDL), and a log of every request it was sent. Stopped
/// by `stop()`.
final class MotoAppSync: @unchecked Sendable {
    // @unchecked: the process handle is only touched by the test that owns the server.
    let folder: URL
    let endpoint: String
    let apiID: String
    private let requestLog: URL
    private let process: Process

    init(schema: String) throws {
        try TestPaths.requireTools()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-moto-appsync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        requestLog = folder.appendingPathComponent("requests.jsonl")
        let portFile = folder.appendingPathComponent("port")
        let setupFile = folder.appendingPathComponent("setup.json")
        (process, _) = try LoopbackServerProcess.start(
            "moto-appsync",
            arguments: [
                TestPaths.packageRoot.appendingPathComponent("Tests/ControlPlaneServers/moto_appsync.py").path,
                "--port-file", portFile.path, "--setup-file", setupFile.path, "--request-log", requestLog.path,
                "--schema-file", schema,
            ], portFile: portFile, folder: folder)
        let setup = try JSONValue.parse(String(decoding: try Data(contentsOf: setupFile), as: UTF8.self))
        guard let endpoint = setup["endpoint"]?.stringValue, let apiID = setup["apiId"]?.stringValue else {
            throw HarnessError("moto's AppSync set-up has no endpoint or apiId")
        }
        self.endpoint = endpoint
        self.apiID = apiID
    }

    /// Every request moto was sent, after the set-up's own.
    func requests() throws -> [JSONValue] {
        guard let data = FileManager.default.contents(atPath: requestLog.path) else { return [] }
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { try JSONValue.parse(String($0)) }
            .filter { $0["method"] == .string("GET") && $0["path"]?.stringValue?.hasSuffix("/schemacreation") == false }
    }

    func stop() {
        LoopbackServerProcess.stop(process)
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }
}
