import AWSSigning
import Foundation
import GQLPatchTestSupport
import HTTP
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

/// `IAMSigner` against the AppSync vectors generated with botocore (`Tests/Fixtures/sigv4/appsync-derived`).
@Suite struct IAMSignerTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sigv4/appsync-derived")

    static func text(_ name: String, _ file: String) throws -> String {
        String(decoding: try Data(contentsOf: fixtures.appendingPathComponent("\(name)/\(file)")), as: UTF8.self)
    }

    /// The request line, headers and body of a `.req` file, as an unsigned `HTTPRequest` (no `Host`,
    /// no `X-Amz-Date`: the signer adds them).
    static func request(_ name: String) throws -> (HTTPRequest, host: String) {
        let raw = try text(name, "\(name).req")
        let split = try #require(raw.range(of: "\n\n"))
        let head = raw[..<split.lowerBound].split(separator: "\n").map(String.init)
        let body = String(raw[split.upperBound...])
        let requestLine = head[0].split(separator: " ")
        var headers: [HeaderField] = []
        var host = ""
        for line in head.dropFirst() {
            let colon = try #require(line.firstIndex(of: ":"))
            let name = String(line[..<colon])
            let value = String(line[line.index(after: colon)...])
            switch name.lowercased() {
            case "host": host = value
            case "x-amz-date": break
            default: headers.append(HeaderField(name: name, value: value))
            }
        }
        let request = HTTPRequest(
            url: "https://\(host)\(requestLine[1])", method: String(requestLine[0]), headers: headers,
            body: Array(body.utf8))
        return (request, host)
    }

    static func context(_ name: String) throws -> (SigV4Credentials, String, Int) {
        let context =
            try JSONSerialization.jsonObject(with: Data(try text(name, "context.json").utf8)) as? [String: Any]
        let credentials = try #require(context?["credentials"] as? [String: String])
        let timestamp = try #require(context?["timestamp"] as? String)
        return (
            SigV4Credentials(
                accessKeyID: try #require(credentials["access_key_id"]),
                secretAccessKey: try #require(credentials["secret_access_key"]),
                sessionToken: credentials["token"]),
            try #require(context?["region"] as? String),
            try #require(ISO8601Timestamp.secondsSince1970(timestamp))
        )
    }

    @Test(arguments: ["appsync-post-json", "appsync-post-json-session-token", "appsync-post-json-utf8"])
    func matchesTheVector(name: String) throws {
        let (credentials, region, seconds) = try Self.context(name)
        var (request, host) = try Self.request(name)
        IAMSigner(credentials: credentials, region: region).sign(&request, at: seconds)
        let expected = try Self.text(name, "\(name).authz").trimmingCharacters(in: .newlines)
        #expect(request.header("Authorization") == expected)
        #expect(request.header("Host") == host)
        #expect(request.header("X-Amz-Date") == "20150830T123600Z")
        #expect(request.header("X-Amz-Security-Token") == credentials.sessionToken)
        #expect(request.headers.filter { $0.name.lowercased() == "authorization" }.count == 1)
    }

    @Test func keepsAnExistingHostAndAddsTheNonDefaultPort() throws {
        let signer = IAMSigner(
            credentials: SigV4Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "s"), region: "us-east-1")
        var local = HTTPRequest(
            url: "http://127.0.0.1:20002/graphql",
            headers: [HeaderField(name: "Content-Type", value: "application/json")])
        signer.sign(&local, at: 0)
        #expect(local.header("Host") == "127.0.0.1:20002")
        var standard = HTTPRequest(url: "https://api.example.com:443/graphql")
        signer.sign(&standard, at: 0)
        #expect(standard.header("Host") == "api.example.com")
        var given = HTTPRequest(
            url: "https://api.example.com/graphql", headers: [HeaderField(name: "host", value: "other.example.com")])
        signer.sign(&given, at: 0)
        #expect(given.headers.filter { $0.name.lowercased() == "host" }.map(\.value) == ["other.example.com"])
        #expect(given.header("Authorization")?.contains("SignedHeaders=host;x-amz-date,") == true)
    }

    @Test func resigningReplacesTheSignature() throws {
        let signer = IAMSigner(
            credentials: SigV4Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "s", sessionToken: "t"),
            region: "us-east-1")
        var request = HTTPRequest(url: "https://x.appsync-api.us-east-1.amazonaws.com/graphql")
        signer.sign(&request, at: 0)
        let first = request.header("Authorization")
        signer.sign(&request, at: 60)
        #expect(request.headers.count == 4)
        #expect(request.header("Authorization") != first)
        #expect(request.header("X-Amz-Date") == "19700101T000100Z")
    }

    /// IAM headers carry the credentials' origin: a session token from a server is its fault (76).
    @Test func signedHeadersCarryTheCredentialsOrigin() {
        var request = HTTPRequest(url: "https://abc.appsync-api.eu-west-1.amazonaws.com/graphql")
        let resolved = ResolvedCredentials(
            credentials: .init(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "secret", sessionToken: "tok"),
            source: "container",
            origin: .server)
        IAMSigner(resolved, region: "eu-west-1").sign(&request, at: 0)
        let token = request.headers.first { $0.name == "X-Amz-Security-Token" }
        #expect(token?.origin == .server)
    }
}
