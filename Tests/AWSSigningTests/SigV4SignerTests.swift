import AWSSigning
import Testing

/// Behaviour the suites do not pin down.
@Suite struct SigV4SignerTests {
    let date = SigningDate(secondsSince1970: 1_440_938_160)

    func signer(token: String? = nil, options: SigV4Options = SigV4Options()) -> SigV4Signer {
        SigV4Signer(
            credentials: SigV4Credentials(
                accessKeyID: "AKIDEXAMPLE",
                secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
                sessionToken: token
            ),
            region: "us-east-1",
            service: "appsync",
            options: options
        )
    }

    @Test func clientHeadersAreNotSignedButContentLengthIs() {
        let request = SigningRequest(
            method: "POST",
            path: "/graphql",
            headers: [
                ("Host", "example.appsync-api.us-east-1.amazonaws.com"),
                ("User-Agent", "gqlpatch"),
                ("Authorization", "stale"),
                ("Content-Length", "2"),
                ("Content-Type", "application/json"),
            ],
            body: Array("{}".utf8)
        )
        let canonical = signer().canonicalRequest(for: request, date: date)
        let lines = canonical.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[lines.count - 2] == "content-length;content-type;host;x-amz-date")
        #expect(lines.last == "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a")
    }

    @Test func bodyHashHeaderOnlyWhenAsked() {
        let request = SigningRequest(method: "POST", path: "/graphql", headers: [("Host", "h")], body: Array("{}".utf8))
        let plain = signer().sign(request, date: date).map(\.name)
        #expect(plain == ["X-Amz-Date", "Authorization"])
        let withHash = signer(options: SigV4Options(signsBody: true)).sign(request, date: date)
        #expect(withHash.map(\.name) == ["X-Amz-Date", "x-amz-content-sha256", "Authorization"])
        #expect(withHash[1].value == "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a")
        #expect(withHash[2].value.contains("SignedHeaders=host;x-amz-content-sha256;x-amz-date,"))
    }

    @Test func sessionTokenSignedByDefaultAndUnsignedWhenOmitted() {
        let request = SigningRequest(method: "POST", path: "/graphql", headers: [("Host", "h")])
        let signed = signer(token: "TOKEN").sign(request, date: date)
        #expect(signed.map(\.name) == ["X-Amz-Date", "X-Amz-Security-Token", "Authorization"])
        #expect(signed[2].value.contains("SignedHeaders=host;x-amz-date;x-amz-security-token,"))
        let after = signer(token: "TOKEN", options: SigV4Options(omitsSessionToken: true)).sign(request, date: date)
        #expect(after.map(\.name) == ["X-Amz-Date", "X-Amz-Security-Token", "Authorization"])
        #expect(after[2].value.contains("SignedHeaders=host;x-amz-date,"))
    }

    @Test func emptyPathIsSlashAndQueryEncodingIsUpperHex() {
        let request = SigningRequest(method: "GET", path: "", query: "b=%7e&a=x y&a=%2f&c", headers: [("Host", "h")])
        let lines = signer().canonicalRequest(for: request, date: date).split(separator: "\n")
        #expect(lines[1] == "/")
        #expect(lines[2] == "a=%2F&a=x%20y&b=~&c=")
    }

    @Test func credentialsDescriptionHidesSecrets() {
        let credentials = SigV4Credentials(accessKeyID: "AKID", secretAccessKey: "SECRET", sessionToken: "TOKEN")
        #expect(
            credentials.description
                == "SigV4Credentials(accessKeyID: AKID, secretAccessKey: <redacted>, sessionToken: <redacted>)")
    }
}
