import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// gqlpatch against servers that misbehave (Tests/HostileServer/hostile_server.py): every bad
/// answer gives its documented exit code, a clear message, and nothing on stdout.
@Suite struct HostileServerEndToEndTests {
    struct Case: CustomStringConvertible, Sendable {
        var mode: String
        var serverArguments: [String] = []
        var options: [String] = []
        var exit: Int32
        var stderr: String

        var description: String { "\(mode) \(serverArguments.joined(separator: " "))" }
    }

    static let cases: [Case] = [
        Case(mode: "html-200", exit: 76, stderr: "with a body that is not JSON, not a GraphQL response"),
        Case(mode: "html-502", exit: 69, stderr: "gqlpatch: error: HTTP 502 from 127.0.0.1:"),
        Case(mode: "truncated", exit: 76, stderr: "with a body that is not JSON, not a GraphQL response"),
        Case(
            mode: "huge", serverArguments: ["--size-mb", "3"], options: ["--max-response-mb", "1"], exit: 76,
            stderr: "gqlpatch: error: the response from 127.0.0.1 is larger than 1 MB"),
        Case(
            mode: "huge", serverArguments: ["--size-mb", "3", "--chunked"], options: ["--max-response-mb", "1"],
            exit: 76,
            stderr: "gqlpatch: error: the response from 127.0.0.1 is larger than 1 MB"),
        Case(
            mode: "huge", serverArguments: ["--size-mb", "80", "--chunked"], exit: 76,
            stderr: "gqlpatch: error: the response from 127.0.0.1 is larger than 64 MB"),
        Case(
            mode: "deep", serverArguments: ["--depth", "100000"], exit: 76,
            stderr: "with a body that is not JSON, not a GraphQL response"),
        Case(
            mode: "wrong-shape", exit: 76,
            stderr: #"gqlpatch: error: updateItem returned "not an object" where an object was expected"#),
        Case(mode: "neither", exit: 76, stderr: #": JSON without "data" or "errors""#),
        Case(
            mode: "reset", exit: 69,
            stderr: "gqlpatch: error: the connection to 127.0.0.1 was lost before a response arrived"),
        Case(
            mode: "hang", options: ["--timeout", "1"], exit: 69,
            stderr: "gqlpatch: error: request to 127.0.0.1 timed out after 1 s"),
    ]

    static func update(_ endpoint: String, _ options: [String] = []) -> [String] {
        ["--endpoint", endpoint, "--api-key", "da2-hostile", "--schema", TestPaths.schema] + options
            + ["update", "Item", "--id", "item-1", "--set", "name=Lamp"]
    }

    @Test(arguments: cases)
    func badAnswer(_ item: Case) throws {
        let server = try HostileServer(mode: item.mode, item.serverArguments)
        defer { server.stop() }
        let result = try GQLPatchRun.run(Self.update(server.endpoint, item.options), in: server.folder)
        #expect(result.status == item.exit, "\(result)")
        #expect(result.stderr.contains(item.stderr), "\(result)")
        #expect(!result.stderr.contains("da2-hostile"), "the API key leaked: \(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(server.requestCount() == 1)
    }

    @Test func redirectToAnotherHostIsNotFollowed() throws {
        let elsewhere = try HostileServer(mode: "ok")
        defer { elsewhere.stop() }
        let target = "http://localhost:\(elsewhere.port)/graphql"
        let server = try HostileServer(mode: "redirect", ["--location", target])
        defer { server.stop() }
        let result = try GQLPatchRun.run(Self.update(server.endpoint), in: server.folder)
        #expect(result.status == 76, "\(result)")
        #expect(result.stderr.hasPrefix("gqlpatch: error: HTTP 302 redirect to \(target) from 127.0.0.1:"), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(server.requestCount() == 1)
        #expect(elsewhere.requestCount() == 0, "the other host saw the request")
    }

    /// An https endpoint whose certificate does not verify (self-signed) is refused during the TLS
    /// handshake: exit 69, the reason, and no request (so no credential) reaches the server.
    @Test func anUntrustedCertificateIsRefused() throws {
        try Self.withTLSServer { server, endpoint, _ in
            let result = try GQLPatchRun.run(
                Self.update(endpoint), environment: Self.noCertificateAuthorities, in: server.folder)
            #expect(result.status == 69, "\(result)")
            #expect(result.stderr.hasPrefix("gqlpatch: error: TLS connection to 127.0.0.1 failed: "), "\(result)")
            #expect(result.stderr.contains("certificate"), "\(result)")
            #expect(!result.stderr.contains("da2-hostile"), "the API key leaked: \(result)")
            #expect(result.stdout.isEmpty)
            #expect(server.requestCount() == 0, "nothing may pass an unverified TLS connection")
        }
    }

    /// The whole https path works: with the test certificate trusted through `SSL_CERT_FILE` (as
    /// for a private CA or a TLS-inspecting proxy) the update goes through and prints the record.
    @Test(arguments: ["AWS_CA_BUNDLE", "CURL_CA_BUNDLE", "SSL_CERT_FILE"])
    func aTrustedCertificateCarriesTheRequest(variable: String) throws {
        try Self.withTLSServer { server, endpoint, certificate in
            var environment = Self.noCertificateAuthorities
            environment[variable] = certificate
            let result = try GQLPatchRun.run(Self.update(endpoint), environment: environment, in: server.folder)
            #expect(result.status == 0, "\(result)")
            #expect(try result.json()["id"] == "item-1", "\(result)")
            #expect(server.requestCount() == 1)
        }
    }

    /// A run's requests share one TLS connection (a listing of three pages here), and the run reads
    /// no further than it must: no second handshake, however the server's TLS 1.3 session tickets
    /// arrive between the answers.
    @Test func aRunsHTTPSRequestsShareOneConnection() throws {
        try Self.withTLSServer(mode: "echo", ["--echo-into", "data", "--pages", "3"]) { server, endpoint, certificate in
            var environment = Self.noCertificateAuthorities
            environment["SSL_CERT_FILE"] = certificate
            let result = try GQLPatchRun.run(
                ["--endpoint", endpoint, "--api-key", "da2-hostile", "--schema", TestPaths.schema, "list", "Item"],
                environment: environment, in: server.folder)
            #expect(result.status == 0, "\(result)")
            #expect(server.requestCount() == 3, "\(result)")
            #expect(server.connectionCount() == 1, "\(result)")
        }
    }

    /// https needs the system's libssl (loaded in the background once the endpoint is known); where
    /// the loader finds none, the run stops with 69 and says so, and nothing reaches the server.
    @Test func libsslMissing69() throws {
        try Self.withTLSServer { server, endpoint, certificate in
            var environment = Self.noCertificateAuthorities
            environment["SSL_CERT_FILE"] = certificate
            environment["LD_LIBRARY_PATH"] = try Self.librariesWithoutLibssl(in: server.folder)
            let result = try GQLPatchRun.run(Self.update(endpoint), environment: environment, in: server.folder)
            result.expectFailure(69, "gqlpatch: error: cannot load libssl (install libssl3): ")
            #expect(result.stdout.isEmpty)
            #expect(server.requestCount() == 0)
        }
    }

    /// A folder for `LD_LIBRARY_PATH` whose libssl files are empty: the loader finds no usable libssl.
    static func librariesWithoutLibssl(in folder: URL) throws -> String {
        let libraries = folder.appendingPathComponent("no-libssl")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        for name in ["libssl.so.3", "libssl.so.1.1"] {
            try Data().write(to: libraries.appendingPathComponent(name))
        }
        return libraries.path
    }

    /// The CA-bundle variables blanked, so the machine's own settings do not decide the test.
    static let noCertificateAuthorities = ["AWS_CA_BUNDLE": "", "CURL_CA_BUNDLE": "", "SSL_CERT_FILE": ""]

    /// Runs `body` with a hostile server in `mode` behind TLS, its https endpoint, and the path
    /// of its self-signed certificate for 127.0.0.1 (made by `openssl`, removed afterwards).
    static func withTLSServer(
        mode: String = "ok", _ arguments: [String] = [], _ body: (HostileServer, String, String) throws -> Void
    ) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (cert, key) = try TestCertificate.make(in: folder)
        let server = try HostileServer(mode: mode, ["--tls-cert", cert, "--tls-key", key] + arguments)
        defer { server.stop() }
        try body(server, "https://127.0.0.1:\(server.port)/graphql", cert)
    }

    /// SIGINT and SIGTERM while a request is in flight: exit 128 + the signal, nothing on stdout.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func signalDuringARequest(signal: Int32, code: Int32) throws {
        let server = try HostileServer(mode: "hang")
        defer { server.stop() }
        try TestPaths.requireTools()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.binary)
        process.arguments = Self.update(server.endpoint, ["--timeout", "60"])
        process.currentDirectoryURL = server.folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while server.requestCount() == 0, Date() < deadline, process.isRunning { Thread.sleep(forTimeInterval: 0.02) }
        #expect(server.requestCount() == 1, "the request never arrived")
        kill(process.processIdentifier, signal)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by the signal instead of exiting")
        #expect(process.terminationStatus == code)
        #expect(stdout.isEmpty)
    }
}
