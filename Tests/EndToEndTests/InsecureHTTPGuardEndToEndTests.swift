import Foundation
import JSON
import Testing

/// Credentials never travel in clear to another machine: a credential given with `--header`
/// counts, and so does the proxy libcurl would use (`http_proxy`, `all_proxy`, ... as libcurl reads
/// them). `0.0.0.0` stands for "another host" here: it is not loopback to gqlpatch's check, yet the
/// kernel delivers it to the local test server, so a run that wrongly sends stays on this machine
/// and is seen by the server.
@Suite struct InsecureHTTPGuardEndToEndTests {
    static let update = ["update", "Item", "--id", "item-1", "--set", "name=Lamp"]
    static let okReply = ScriptedServer.Reply(
        status: 200, body: #"{"data":{"updateItem":{"id":"item-1","name":"Lamp"}}}"#)

    @Test(arguments: [
        "x-api-key: da2-guard-key-0123456789", "Authorization: tok-guard-0123456789", "X-Session-Token: s-0123456789",
    ])
    func credentialHeaderIsACredential(_ header: String) throws {
        let server = try ScriptedServer { _, _ in Self.okReply }
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", "http://0.0.0.0:\(server.port)/graphql", "--schema", TestPaths.schema, "--auth", "none",
                "--header", header,
            ] + Self.update)
        let name = String(header.prefix { $0 != ":" })
        result.expectFailure(
            78, "gqlpatch: error: refusing to send credentials (--header \(name)) over plain http:// to http://0.0.0.0:"
        )
        #expect(server.received.isEmpty, "nothing may be sent")
    }

    @Test func harmlessHeaderStillGoes() throws {
        let server = try ScriptedServer { _, _ in Self.okReply }
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", "http://0.0.0.0:\(server.port)/graphql", "--schema", TestPaths.schema, "--auth", "none",
                "--header", "X-Trace: 1",
            ] + Self.update)
        #expect(result.status == 0, "\(result)")
    }

    struct ProxyCase: Sendable, CustomTestStringConvertible {
        var environment: [String: String]
        /// Whether the run must be refused (else it goes, straight to the endpoint).
        var refused: Bool
        var variable: String = ""
        var testDescription: String {
            environment.keys.sorted().joined(separator: ",") + (refused ? " refused" : " allowed")
        }
    }

    /// `PROXY` is replaced by the address of a local stand-in for a remote proxy.
    static let proxyCases: [ProxyCase] = [
        ProxyCase(environment: ["http_proxy": "http://PROXY"], refused: true, variable: "http_proxy"),
        ProxyCase(environment: ["http_proxy": "PROXY"], refused: true, variable: "http_proxy"),
        ProxyCase(environment: ["all_proxy": "http://PROXY"], refused: true, variable: "all_proxy"),
        ProxyCase(environment: ["ALL_PROXY": "http://user:pw@PROXY/"], refused: true, variable: "ALL_PROXY"),
        ProxyCase(
            environment: ["http_proxy": "http://PROXY", "no_proxy": "localhost"], refused: true, variable: "http_proxy"),
        // libcurl ignores upper-case HTTP_PROXY, and https_proxy is for https URLs.
        ProxyCase(environment: ["HTTP_PROXY": "http://PROXY"], refused: false),
        ProxyCase(environment: ["https_proxy": "http://PROXY"], refused: false),
        // An empty http_proxy counts as unset: all_proxy is used.
        ProxyCase(environment: ["http_proxy": "", "all_proxy": "http://PROXY"], refused: true, variable: "all_proxy"),
        ProxyCase(environment: ["http_proxy": "http://PROXY", "no_proxy": "127.0.0.1"], refused: false),
        ProxyCase(environment: ["http_proxy": "http://PROXY", "NO_PROXY": "127.0.0.0/8"], refused: false),
        ProxyCase(environment: ["http_proxy": "http://PROXY", "no_proxy": "*"], refused: false),
    ]

    @Test(arguments: proxyCases)
    func proxyForALoopbackEndpoint(_ item: ProxyCase) throws {
        let endpoint = try ScriptedServer { _, _ in Self.okReply }
        defer { endpoint.stop() }
        let proxy = try ScriptedServer { _, _ in Self.okReply }
        defer { proxy.stop() }
        let environment = item.environment.mapValues {
            $0.replacingOccurrences(of: "PROXY", with: "0.0.0.0:\(proxy.port)")
        }
        let result = try GQLPatchRun.run(
            ["--endpoint", endpoint.endpoint, "--schema", TestPaths.schema, "--api-key", "da2-proxy-key-0123456789"]
                + Self.update, environment: environment)
        if item.refused {
            result.expectFailure(
                78,
                "gqlpatch: error: refusing to send credentials for \(endpoint.endpoint) through the proxy 0.0.0.0:\(proxy.port) (from \(item.variable))"
            )
            #expect(endpoint.received.isEmpty && proxy.received.isEmpty, "nothing may be sent")
        } else {
            #expect(result.status == 0, "\(result)")
            #expect(endpoint.received.count == 1 && proxy.received.isEmpty, "sent straight to the endpoint")
        }
    }

    /// `--allow-insecure-http` is the user's say-so, for the proxy as for the endpoint.
    @Test func allowInsecureHTTPAllowsTheProxy() throws {
        let proxy = try ScriptedServer { _, _ in Self.okReply }
        defer { proxy.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", "http://127.0.0.1:9/graphql", "--schema", TestPaths.schema, "--api-key",
                "da2-proxy-key-0123456789",
                "--allow-insecure-http",
            ] + Self.update, environment: ["http_proxy": "http://0.0.0.0:\(proxy.port)"])
        #expect(result.status == 0, "\(result)")
        #expect(proxy.received.count == 1)
    }
}
