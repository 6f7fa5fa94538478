import Foundation
import JSON

/// The SRP-checking user-pool stub (Tests/CognitoServers/user_pool_stub.py) on a free loopback port: it
/// recomputes the SRP proof as Cognito does, issues RS256 tokens and publishes their key, and counts
/// what it was asked (`stats`). The emulator trusts its tokens through `emulatorArguments`.
final class UserPoolStub: @unchecked Sendable {
    // @unchecked: the process handle is only touched by the test that owns the stub.
    static let pool = "us-east-1_StubPool42"
    static let client = "stubclient"
    let folder: URL
    let port: Int
    private let process: Process

    init(_ arguments: [String]) throws {
        try TestPaths.requireTools()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-stub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let portFile = folder.appendingPathComponent("port")
        (process, port) = try LoopbackServerProcess.start(
            "user-pool stub",
            arguments: [
                TestPaths.packageRoot.appendingPathComponent("Tests/CognitoServers/user_pool_stub.py").path,
                "--port-file", portFile.path, "--pool-id", Self.pool,
            ] + arguments, portFile: portFile, folder: folder)
    }

    var endpoint: String { "http://127.0.0.1:\(port)/" }
    var issuer: String { "http://127.0.0.1:\(port)/\(Self.pool)" }

    /// The emulator's options that make it accept this stub's tokens (and nothing else).
    var emulatorArguments: [String] {
        [
            "--user-pool-jwks", issuer + "/.well-known/jwks.json", "--user-pool-issuer", issuer,
            "--user-pool-client-id", Self.client,
        ]
    }

    /// gqlpatch's sign-in flags for `username`.
    func flags(_ username: String) -> [String] {
        ["--auth", "user-pool", "--username", username, "--user-pool-id", Self.pool, "--client-id", Self.client]
    }

    /// The environment of a run that signs in: the endpoint override, a cache folder of its own.
    func environment(password: String?, cache: URL) -> [String: String] {
        var environment = ["AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER": endpoint, "XDG_CACHE_HOME": cache.path]
        if let password { environment["GQLPATCH_PASSWORD"] = password }
        return environment
    }

    /// `GET /_stats`: what the stub was asked.
    func stats() throws -> JSONValue {
        let result = try CommandRunner.run("/usr/bin/curl", ["-sf", endpoint + "_stats"])
        guard result.status == 0 else { throw HarnessError("stub stats: \(result)") }
        return try JSONValue.parse(Array(result.stdout.utf8))
    }

    func stop() {
        LoopbackServerProcess.stop(process)
        try? FileManager.default.removeItem(at: folder)
    }
}
