import Foundation
import JSON
import Testing

/// A CR, LF, NUL or other control byte in a header name or value never reaches the wire, whatever
/// its source: refused before anything is sent, exit 64 for a flag, 78 for the environment, a
/// file or the configuration, 76 for a value a server handed over. `"\r\n"` is one Swift Character
/// equal to neither `"\r"` nor `"\n"`: every case below carries it whole.
@Suite struct HeaderInjectionEndToEndTests {
    static let injection = "b\r\nX-Injected: 1"
    static let update = ["update", "Item", "--id", "item-1", "--set", "name=Lamp"]

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var options: [String] = []
        var environment: [String: String] = [:]
        /// A file `token` holding the injection, passed as `--token @token`.
        var tokenFile = false
        var exit: Int32
        var stderr: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "--header", options: ["--auth", "none", "--header", "X-A: " + injection], exit: 64,
            stderr: "gqlpatch: error: --header X-A: the value holds a carriage return (CR) at byte 2"),
        Case(
            name: "--header name", options: ["--auth", "none", "--header", "X-A\r\nX-Injected: 1"], exit: 64,
            stderr: "gqlpatch: error: --header expects 'Name: value' with an HTTP token as the name"),
        // argv cannot carry a NUL byte; the unit tests check it. ESC is another control byte.
        Case(
            name: "--header ESC", options: ["--auth", "none", "--header", "X-A: a\u{1b}[2Jb"], exit: 64,
            stderr: "gqlpatch: error: --header X-A: the value holds a control byte (0x1b) at byte 2"),
        Case(
            name: "--api-key", options: ["--api-key", "da2-" + injection], exit: 64,
            stderr: "gqlpatch: error: --api-key holds a carriage return (CR) at byte 6"),
        Case(
            name: "GQLPATCH_API_KEY", environment: ["GQLPATCH_API_KEY": "da2-" + injection], exit: 78,
            stderr: "gqlpatch: error: GQLPATCH_API_KEY holds a carriage return (CR) at byte 6"),
        Case(
            name: "--token", options: ["--auth", "user-pool", "--token", "tok" + injection], exit: 64,
            stderr: "gqlpatch: error: --token holds a carriage return (CR) at byte 5"),
        Case(
            name: "GQLPATCH_TOKEN", options: ["--auth", "oidc"], environment: ["GQLPATCH_TOKEN": "tok" + injection],
            exit: 78, stderr: "gqlpatch: error: GQLPATCH_TOKEN holds a carriage return (CR) at byte 5"),
        Case(
            name: "--token @file", options: ["--auth", "lambda"], tokenFile: true, exit: 78,
            stderr: "gqlpatch: error: the token in "),
        Case(
            name: "AWS_SESSION_TOKEN", options: ["--auth", "iam", "--region", "us-east-1"],
            environment: [
                "AWS_ACCESS_KEY_ID": "AKIAIOSFODNN7EXAMPLE",
                "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                "AWS_SESSION_TOKEN": "FwoGZXIvYXdzE" + injection,
            ], exit: 78, stderr: "gqlpatch: error: the session token from environment holds a carriage return (CR)"),
        Case(
            name: "AWS_ACCESS_KEY_ID", options: ["--auth", "iam", "--region", "us-east-1"],
            environment: [
                "AWS_ACCESS_KEY_ID": "AKIA" + injection,
                "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            ], exit: 78, stderr: "gqlpatch: error: the access key id from environment holds a carriage return (CR)"),
    ]

    @Test(arguments: cases)
    func refusedBeforeSending(_ item: Case) throws {
        let server = try HostileServer(mode: "ok")
        defer { server.stop() }
        var options = item.options
        if item.tokenFile {
            let file = server.folder.appendingPathComponent("token")
            try Data(("tok" + Self.injection + "\n").utf8).write(to: file)
            options += ["--token", "@" + file.path]
        }
        var environment = ["HOME": server.folder.path, "AWS_EC2_METADATA_DISABLED": "true"]
        environment.merge(item.environment) { _, new in new }
        let result = try GQLPatchRun.run(
            ["--endpoint", server.endpoint, "--schema", TestPaths.schema] + options + Self.update,
            environment: environment, in: server.folder)
        result.expectFailure(item.exit, item.stderr)
        #expect(server.requestCount() == 0, "nothing may be sent")
    }

    /// The same flags are refused by `--dry-run` too, which sends nothing but must not plan it.
    @Test func dryRunRefusesAnInjectedHeader() throws {
        let result = try GQLPatchRun.run(
            [
                "--endpoint", "http://127.0.0.1:9/graphql", "--schema", TestPaths.schema, "--dry-run", "--auth", "none",
                "--header", "X-A: " + Self.injection,
            ] + Self.update)
        result.expectFailure(64, "gqlpatch: error: --header X-A: the value holds a carriage return (CR)")
    }

    /// Container credentials whose token holds CR LF: the server's fault, exit 76, and the GraphQL
    /// request is never sent.
    @Test func containerCredentialsFromTheServer() throws {
        let server = try HostileServer(mode: "container-crlf")
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            ["--endpoint", server.endpoint, "--schema", TestPaths.schema, "--auth", "iam", "--region", "us-east-1"]
                + Self.update,
            environment: [
                "HOME": server.folder.path, "AWS_EC2_METADATA_DISABLED": "true",
                "AWS_CONTAINER_CREDENTIALS_FULL_URI": "http://127.0.0.1:\(server.port)/creds",
            ], in: server.folder)
        result.expectFailure(76, "gqlpatch: error: the session token from container holds a carriage return (CR)")
        #expect(server.requestCount() == 1, "only the credentials request")
    }

    /// An IMDSv2 token holding CR LF is not sent back as a header: exit 76.
    @Test func instanceMetadataTokenFromTheServer() throws {
        let server = try HostileServer(mode: "imds-crlf")
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            ["--endpoint", server.endpoint, "--schema", TestPaths.schema, "--auth", "iam", "--region", "us-east-1"]
                + Self.update,
            environment: [
                "HOME": server.folder.path, "AWS_EC2_METADATA_SERVICE_ENDPOINT": "http://127.0.0.1:\(server.port)",
            ], in: server.folder)
        result.expectFailure(
            76, "gqlpatch: error: the instance metadata token from 127.0.0.1 holds a carriage return (CR)")
        #expect(server.requestCount() == 1, "only the token request")
    }
}
