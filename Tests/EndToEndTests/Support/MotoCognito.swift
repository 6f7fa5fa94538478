import Foundation
import JSON

/// moto's Cognito Identity Provider (Tests/CognitoServers/moto_cognito.py) on a free loopback port,
/// with a user pool, a plain and a secret app client and the users of `Users` made by the script,
/// and a log of every operation it was sent (moto keeps no count itself). Stopped by `stop()`.
final class MotoCognito: @unchecked Sendable {
    // @unchecked: the process handle is only touched by the test that owns the server.
    let folder: URL
    let endpoint: String
    let pool: String
    let client: String
    let secretClient: String
    let clientSecret: String
    let password: String
    private let requestLog: URL
    private let process: Process

    /// The users the script creates.
    enum Users {
        static let confirmed = "alice"
        /// FORCE_CHANGE_PASSWORD, its temporary password `temporaryPassword`.
        static let newPassword = "newbie"
        static let temporaryPassword = "Temp-0rary!pass"
        static let disabled = "mallory"
        /// Software-token MFA preferred (moto takes any 6-digit code).
        static let mfa = "totp-tess"
    }

    init() throws {
        try TestPaths.requireTools()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-moto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        requestLog = folder.appendingPathComponent("targets.log")
        let portFile = folder.appendingPathComponent("port")
        let setupFile = folder.appendingPathComponent("setup.json")
        (process, _) = try LoopbackServerProcess.start(
            "moto",
            arguments: [
                TestPaths.packageRoot.appendingPathComponent("Tests/CognitoServers/moto_cognito.py").path,
                "--port-file", portFile.path, "--setup-file", setupFile.path, "--request-log", requestLog.path,
            ], portFile: portFile, folder: folder)
        let setup = try JSONValue.parse(String(decoding: try Data(contentsOf: setupFile), as: UTF8.self))
        func field(_ name: String) throws -> String {
            guard let value = setup[name]?.stringValue else { throw HarnessError("moto set-up has no \(name)") }
            return value
        }
        endpoint = try field("endpoint")
        pool = try field("pool")
        client = try field("client")
        secretClient = try field("secretClient")
        clientSecret = try field("clientSecret")
        password = try field("password")
    }

    /// The operations (`InitiateAuth`, ...) sent since `since` lines of the log (the set-up's own
    /// requests come first: take `operations().count` before a run to count its requests).
    func operations() -> [String] {
        guard let data = FileManager.default.contents(atPath: requestLog.path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            String($0.split(separator: ".").last ?? "")
        }
    }

    /// The environment a gqlpatch run signs in with: the endpoint override, a private cache folder.
    func environment(cache: URL, password: String? = nil) -> [String: String] {
        var environment = [
            "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER": endpoint, "XDG_CACHE_HOME": cache.path,
            "HOME": folder.path, "AWS_EC2_METADATA_DISABLED": "true",
        ]
        if let password { environment["GQLPATCH_PASSWORD"] = password }
        return environment
    }

    /// `--user-pool-id POOL --client-id CLIENT` (the plain client unless `secret`).
    func ids(secret: Bool = false) -> [String] {
        ["--user-pool-id", pool, "--client-id", secret ? secretClient : client]
    }

    func stop() {
        LoopbackServerProcess.stop(process)
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }
}
