import GQLPatchTestSupport
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

/// The byte-level header rule, and the transport applying it to every request whatever built it.
@Suite struct HeaderCheckTests {
    @Test(arguments: [
        ("b\r\nX-Injected: 1", "a carriage return (CR) at byte 2"),
        ("b\nX: 1", "a line feed (LF) at byte 2"),
        ("\r", "a carriage return (CR) at byte 1"),
        ("a\u{0}", "a NUL byte at byte 2"),
        ("a\u{7f}", "a control byte (0x7f) at byte 2"),
        ("é\u{1b}", "a control byte (0x1b) at byte 3"),
    ])
    func controlBytesAreRefused(value: String, problem: String) {
        #expect(HeaderCheck.problem(inValue: value) == problem)
    }

    @Test func crlfIsOneCharacterButTwoBytes() {
        let value = "b\r\nX"
        #expect(
            !value.contains(Character("\r")) && !value.contains(Character("\n")), "why a Character check is not enough")
        #expect(HeaderCheck.problem(inValue: value) != nil)
    }

    @Test(arguments: ["", "da2-abc", "a\tb", "Bearer x.y.z", "café"])
    func legalValuesPass(value: String) {
        #expect(HeaderCheck.problem(inValue: value) == nil)
    }

    @Test(arguments: ["", "X A", "X:A", "X\r\nA", "X\tA", "Ä"])
    func namesMustBeTokens(name: String) {
        #expect(HeaderCheck.problem(inName: name) != nil)
    }

    /// The final guard: nothing leaves `CurlTransport` with a bad header, and the exit code follows
    /// the header's origin. Port 9 is never reached: the check comes first.
    @Test(arguments: [(HeaderOrigin.flag, ExitCode.usage), (.configuration, .configuration), (.server, .badResponse)])
    func transportRefusesWithTheOriginsCode(origin: HeaderOrigin, code: ExitCode) async {
        let request = HTTPRequest(
            url: "http://127.0.0.1:9/graphql",
            headers: [HeaderField(name: "X-Token", value: "t\r\nX-Injected: 1", origin: origin)])
        do {
            _ = try await CurlTransport().send(request, timeout: 1)
            Issue.record("a header holding CR LF was sent")
        } catch {
            #expect(error.code == code)
            #expect(
                error.message.hasPrefix(
                    "the value of header X-Token \(origin.phrase) holds a carriage return (CR) at byte 2"))
            #expect(!error.message.contains("Injected"), "the value is never quoted")
        }
    }

    @Test func transportRefusesAControlByteInTheURL() async {
        do {
            _ = try await CurlTransport().send(HTTPRequest(url: "http://127.0.0.1:9/\r\nX: 1"), timeout: 1)
            Issue.record("sent")
        } catch {
            #expect(error.code == .configuration)
        }
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
