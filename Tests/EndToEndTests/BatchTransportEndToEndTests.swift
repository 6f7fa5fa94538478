import Foundation
import JSON
import Testing

/// `apply` sends over its own transport (`DirectBatchTransport`: many requests in flight on one
/// thread), not the one a command's single request takes: every bad answer a command refuses,
/// a batch refuses in the same words (the line fails with the command's message), and https works
/// with the same certificate rules.
@Suite struct BatchTransportEndToEndTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var mode: String
        var serverArguments: [String] = []
        var options: [String] = []
        /// The line's error begins so (a command's message without `gqlpatch: error: `).
        var error: String
        var testDescription: String { "\(mode) \(serverArguments.joined(separator: " "))" }
    }

    static let cases: [Case] = [
        Case(mode: "http09", error: "the response from 127.0.0.1 is not valid HTTP: "),
        Case(mode: "huge-header", error: "the response from 127.0.0.1 is not valid HTTP: its headers are too large"),
        Case(mode: "bad-chunked", error: "the response from 127.0.0.1 broke off or is malformed: "),
        Case(mode: "short-body", error: "the response from 127.0.0.1 broke off or is malformed: "),
        Case(
            mode: "dup-length",
            error: "the response from 127.0.0.1 is not valid HTTP: it has conflicting Content-Length headers"),
        Case(mode: "close", error: "the connection to 127.0.0.1 closed without a valid HTTP response"),
        Case(mode: "reset", error: "the connection to 127.0.0.1 was lost before a response arrived"),
        Case(mode: "html-200", error: "HTTP 200 from 127.0.0.1:"),
        Case(mode: "html-502", error: "HTTP 502 from 127.0.0.1:"),
        Case(mode: "truncated", error: "HTTP 200 from 127.0.0.1:"),
        Case(
            mode: "huge", serverArguments: ["--size-mb", "3"], options: ["--max-response-mb", "1"],
            error: "the response from 127.0.0.1 is larger than 1 MB"),
        Case(
            mode: "huge", serverArguments: ["--size-mb", "3", "--chunked"], options: ["--max-response-mb", "1"],
            error: "the response from 127.0.0.1 is larger than 1 MB"),
        Case(mode: "hang", options: ["--timeout", "1"], error: "request to 127.0.0.1 timed out after 1 s"),
    ]

    static let line = #"{"op": "update", "model": "Item", "key": {"id": "item-1"}, "set": {"name": "Lamp"}}"#

    /// `apply` over `lines` lines (item-0 ... for more than one) against `endpoint`.
    static func apply(
        _ endpoint: String, folder: URL, lines: Int = 1, options: [String] = [], applyOptions: [String] = [],
        environment: [String: String] = [:]
    ) throws -> ProcessResult {
        let input = folder.appendingPathComponent("input-\(UUID().uuidString).jsonl")
        let text =
            lines == 1
            ? line + "\n"
            : (0..<lines).map {
                #"{"op": "update", "model": "Item", "key": {"id": "item-\#($0)"}, "set": {"name": "Lamp"}}"#
            }
            .joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: input)
        return try GQLPatchRun.run(
            [
                "--endpoint", endpoint, "--api-key", "da2-batch", "--schema", TestPaths.schema, "--conflict-resolution",
                "off",
            ]
                + options + ["apply", input.path, "--max-attempts", "1"] + applyOptions,
            environment: environment, in: folder)
    }

    @Test(arguments: cases)
    func aBadAnswerFailsTheLineAsItFailsACommand(_ item: Case) throws {
        let server = try HostileServer(mode: item.mode, item.serverArguments)
        defer { server.stop() }
        let result = try Self.apply(server.endpoint, folder: server.folder, options: item.options)
        #expect(result.status == 4, "\(result)")
        let line = try JSONValue.parse(result.stdout)
        #expect(line["status"] == "failed", "\(result)")
        #expect(line["error"]?.stringValue?.hasPrefix(item.error) == true, "\(result)")
        #expect(!result.stdout.contains("da2-batch") && !result.stderr.contains("da2-batch"), "the key leaked")
        #expect(server.requestCount() == 1, "sent once (--max-attempts 1)")
    }

    /// A refused connection fails the line, and, since nothing reached the server yet, stops the
    /// run as an unreachable endpoint: exit 69 (issue 34 #5).
    @Test func aRefusedConnectionFailsTheLine() throws {
        let closed = try ClosedPort()
        let endpoint = "http://127.0.0.1:\(closed.port)/graphql"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.apply(endpoint, folder: folder)
        #expect(result.status == 69, "\(result)")
        let line = try JSONValue.parse(result.stdout)
        #expect(line["error"]?.stringValue?.hasPrefix("cannot connect to 127.0.0.1 port ") == true, "\(result)")
        #expect(
            result.stderr.contains("the endpoint cannot be reached, so no line can be applied; stopped at line 1"),
            "\(result)")
        withExtendedLifetime(closed) {}
    }

    /// Many lines over https with the test certificate trusted: every line applied, over no more
    /// connections than requests in flight.
    @Test func aBatchOverHTTPSKeepsItsConnections() throws {
        // The echo server answers each update with the record asked for.
        try HostileServerEndToEndTests.withTLSServer(mode: "echo", ["--echo-into", "data"]) {
            server, endpoint, certificate in
            var environment = HostileServerEndToEndTests.noCertificateAuthorities
            environment["SSL_CERT_FILE"] = certificate
            let result = try Self.apply(
                endpoint, folder: server.folder, lines: 40, applyOptions: ["-j", "4"], environment: environment)
            #expect(result.status == 0, "\(result)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 40, "\(result)")
            #expect(lines.allSatisfy { $0.contains(#""status":"updated""#) }, "\(result)")
            #expect(server.requestCount() == 40)
            #expect(server.connectionCount() <= 4, "\(server.connectionCount()) connections")
        }
    }

    /// An untrusted certificate fails the line in the handshake: nothing reaches the server, and
    /// the run stops there (no line could be applied), exit 69.
    @Test func aBatchRefusesAnUntrustedCertificate() throws {
        try HostileServerEndToEndTests.withTLSServer { server, endpoint, _ in
            let result = try Self.apply(
                endpoint, folder: server.folder, environment: HostileServerEndToEndTests.noCertificateAuthorities)
            #expect(result.status == 69, "\(result)")
            let line = try JSONValue.parse(result.stdout)
            #expect(line["error"]?.stringValue?.hasPrefix("TLS connection to 127.0.0.1 failed: ") == true, "\(result)")
            #expect(server.requestCount() == 0)
        }
    }

    /// Without libssl an https batch stops before its first request, with 69 and the reason.
    @Test func anHTTPSBatchWithoutLibssl69() throws {
        try HostileServerEndToEndTests.withTLSServer { server, endpoint, certificate in
            var environment = HostileServerEndToEndTests.noCertificateAuthorities
            environment["SSL_CERT_FILE"] = certificate
            environment["LD_LIBRARY_PATH"] = try HostileServerEndToEndTests.librariesWithoutLibssl(in: server.folder)
            let result = try Self.apply(endpoint, folder: server.folder, environment: environment)
            result.expectFailure(69, "gqlpatch: error: cannot load libssl (install libssl3): ")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(server.requestCount() == 0)
        }
    }
}
