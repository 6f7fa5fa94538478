import Foundation
import JSON

/// moto's cognito-identity (`Tests/CognitoServers/identity_pool_server.py`) on a free loopback port,
/// with the identity pools a test asks for (`name: guest access?`) created through its API. moto
/// hands every identity the same credentials (`credentials`), which expire 90 s after they are issued.
final class IdentityPoolServer: @unchecked Sendable {
    // @unchecked: the process handle is only touched by the test that owns the server.
    let port: Int
    let folder: URL
    let log: URL
    /// Pool name -> identity pool id.
    let pools: [String: String]
    private let process: Process

    /// What moto 5.2.5's GetCredentialsForIdentity always answers.
    static let credentials = AWSStubIdentity(
        accessKeyID: "TESTACCESSKEY12345", secretAccessKey: "ABCSECRETKEY", sessionToken: "ABC12345")

    /// `http://127.0.0.1:<port>/`, for `AWS_ENDPOINT_URL_COGNITO_IDENTITY`.
    var endpoint: String { "http://127.0.0.1:\(port)/" }

    static var script: String {
        TestPaths.packageRoot.appendingPathComponent("Tests/CognitoServers/identity_pool_server.py").path
    }

    init(pools requested: [String: Bool]) throws {
        try TestPaths.requireTools()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-idp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        log = folder.appendingPathComponent("requests.jsonl")
        let portFile = folder.appendingPathComponent("port")
        let poolsFile = folder.appendingPathComponent("pools.json")
        var arguments = [
            Self.script, "--port-file", portFile.path, "--pools-file", poolsFile.path, "--log", log.path,
        ]
        for (name, guest) in requested.sorted(by: { $0.key < $1.key }) {
            arguments += ["--pool", "\(name):\(guest ? "guest" : "no-guest")"]
        }
        (process, port) = try LoopbackServerProcess.start(
            "identity pool server", arguments: arguments, portFile: portFile, folder: folder)
        let created = try JSONValue.parse(String(decoding: try Data(contentsOf: poolsFile), as: UTF8.self))
        pools = requested.keys.reduce(into: [:]) { result, name in result[name] = created[name]?.stringValue }
    }

    /// Every request so far: `target` (`AWSCognitoIdentityService.GetId`, ...), `body`, `status`.
    func requests() throws -> [JSONValue] {
        guard let data = FileManager.default.contents(atPath: log.path) else { return [] }
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    /// The operation names of `requests()`, without the target prefix.
    func operations() throws -> [String] {
        try requests().map {
            ($0["target"]?.stringValue ?? "").replacingOccurrences(of: "AWSCognitoIdentityService.", with: "")
        }
    }

    func stop() {
        LoopbackServerProcess.stop(process)
        try? FileManager.default.removeItem(at: folder)
    }
}
