import Foundation
import JSON
import Testing

/// `watch` and `wait` go through the proxy the environment names for their endpoint's scheme, as
/// GraphQL requests do: `ws://` through `http_proxy` (a `CONNECT` tunnel), `wss://` through
/// `https_proxy` (TLS inside the tunnel, the emulator's certificate verified), and straight to a
/// host `no_proxy` names. A proxy that cannot be reached fails the run with the proxy named.
@Suite struct RealtimeProxyEndToEndTests {
    /// The proxy variables cleared, then `extra`.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = [
            "http_proxy": "", "https_proxy": "", "HTTPS_PROXY": "", "all_proxy": "", "ALL_PROXY": "", "no_proxy": "",
            "NO_PROXY": "",
        ]
        environment.merge(extra) { $1 }
        return environment
    }

    @Test func waitGoesThroughHTTPProxyAndNoProxyBypassesIt() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        try emulator.create("Job", ["id": "j1", "status": "QUEUED"])
        let proxy = try ForwardProxy()
        defer { proxy.stop() }
        let through = Self.environment(["http_proxy": proxy.url])
        let waiting = try ApplyProcess(
            [
                "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema,
                "--verbose",
                "wait", "Job", "--id", "j1", "--until", "status=DONE", "--timeout", "60s",
            ], in: emulator.folder, environment: through)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, waiting.process.isRunning, !waiting.stderr.contains("subscribed to") {
            Thread.sleep(forTimeInterval: 0.02)
        }
        let update = try emulator.gqlpatch(["update", "Job", "--id", "j1", "--set", "status=DONE"])
        #expect(update.status == 0, "\(update)")
        #expect(try waiting.wait(timeout: 60) == 0, "\(waiting.stderr)")
        #expect(try JSONValue.parse(waiting.stdout)["status"] == "DONE")
        let seen = proxy.requests()
        #expect(seen.contains("CONNECT 127.0.0.1:\(emulator.port)"), "the WebSocket went through: \(seen)")
        #expect(seen.contains("POST \(emulator.endpoint)"), "the reads went through: \(seen)")

        let before = proxy.requests().count
        let bypassed = try emulator.gqlpatch(
            ["wait", "Job", "--id", "j1", "--until", "status=DONE", "--timeout", "30s"],
            environment: Self.environment(["http_proxy": proxy.url, "no_proxy": "127.0.0.1"]))
        #expect(bypassed.status == 0, "\(bypassed)")
        #expect(proxy.requests().count == before, "no_proxy: nothing through the proxy")
    }

    @Test func watchOverWSSGoesThroughHTTPSProxy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-wssp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (cert, key) = try TestCertificate.make(in: folder)
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--tls-cert", cert, "--tls-key", key])
        defer { emulator.stop() }
        let proxy = try ForwardProxy()
        defer { proxy.stop() }
        var trusted = HostileServerEndToEndTests.noCertificateAuthorities
        trusted["SSL_CERT_FILE"] = cert
        let options = [
            "--endpoint", "https://127.0.0.1:\(emulator.port)/graphql", "--schema", TestPaths.schema, "--api-key",
            Emulator.apiKey,
        ]
        let create = try GQLPatchRun.run(
            options + ["create", "Item", "--set", "id=42", "--set", "name=Chair"], environment: trusted, in: folder)
        #expect(create.status == 0, "\(create)")
        let watch = try ApplyProcess(
            options + ["--verbose", "watch", "Item", "--on", "update", "--count", "1", "--timeout", "30s"],
            in: folder, environment: trusted.merging(Self.environment(["https_proxy": proxy.url])) { $1 })
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, watch.process.isRunning, !watch.stderr.contains("subscribed to") {
            Thread.sleep(forTimeInterval: 0.02)
        }
        let update = try GQLPatchRun.run(
            options + ["update", "Item", "--id", "42", "--set", "name=Tunnelled"], environment: trusted, in: folder)
        #expect(update.status == 0, "\(update)")
        #expect(try watch.wait(timeout: 30) == 0, "\(watch.stderr)")
        #expect(try JSONValue.parse(watch.stdout)["item"]?["name"] == "Tunnelled")
        #expect(proxy.requests() == ["CONNECT 127.0.0.1:\(emulator.port)"], "\(proxy.requests())")
    }

    @Test func aProxyThatCannotBeReachedIsNamed() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema, "watch",
                "Item", "--count", "1", "--timeout", "5s",
            ], environment: Self.environment(["http_proxy": "http://127.0.0.1:9"]), in: emulator.folder)
        result.expectFailure(69, "gqlpatch: error: cannot connect to the proxy 127.0.0.1:9: connection refused")
    }
}
