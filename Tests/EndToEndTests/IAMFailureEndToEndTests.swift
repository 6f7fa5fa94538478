import Foundation
import JSON
import Testing

/// `--auth iam` runs that must fail, and the emulator's own clock-skew check.
@Suite struct IAMFailureEndToEndTests {
    @Test func wrongSecretIsUnauthorized() throws {
        let identity = AWSStubIdentity.make()
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        let result = try bed.update(name: "Lamp", environment: identity.withWrongSecret().environment)
        #expect(result.status == 77, "\(result)")
        #expect(result.stdout.isEmpty)
        // The service answers a signature that does not match with HTTP 400 BadRequestException (issue
        // 32 #3): an auth failure all the same, with what to check.
        #expect(
            result.stderr.hasPrefix(
                "gqlpatch: error: HTTP 400 from 127.0.0.1:\(bed.emulator.port): BadRequestException: The request signature we calculated does not match"
            ), "\(result.stderr)")
        #expect(
            result.stderr.contains("the IAM signature or credentials were refused: check the clock"), "\(result.stderr)"
        )
        #expect(try bed.storedName() == "Chair")
        let requests = try bed.signedRequests()
        #expect(requests.count == 1)
        #expect(requests.first?["status"] == 400)
        let authorization = requests.first?["headers"]?["authorization"]?.stringValue ?? ""
        #expect(authorization.hasPrefix("AWS4-HMAC-SHA256 Credential=\(identity.accessKeyID)/"))
    }

    @Test func noCredentialsAnywhereListsWhatWasTried() throws {
        let identity = AWSStubIdentity.make()
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        let result = try bed.update(name: "Lamp")
        #expect(result.status == 78, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == """
                gqlpatch: error: no AWS credentials found; tried: environment (AWS_ACCESS_KEY_ID not set), \
                profile default (no ~/.aws/credentials or ~/.aws/config), \
                web identity (AWS_WEB_IDENTITY_TOKEN_FILE not set), container (AWS_CONTAINER_CREDENTIALS_* not set), \
                instance metadata (AWS_EC2_METADATA_DISABLED=true)

                """, "\(result.stderr)")
        #expect(try bed.signedRequests().isEmpty)
    }

    @Test func customDomainWithoutARegionFailsBeforeAnyNetworkAttempt() throws {
        let identity = AWSStubIdentity.make()
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        let result = try bed.gqlpatch(
            ["update", "Item", "--id", "item-1", "--set", "name=Lamp"], environment: identity.environment,
            endpoint: "https://api.example.invalid/graphql")
        #expect(result.status == 78, "\(result)")
        #expect(
            result.stderr
                == "gqlpatch: error: cannot tell the AWS region for api.example.invalid: pass --region REGION or set AWS_REGION\n"
        )
    }

    @Test func customDomainWithoutARegionResolvesNoCredentials() throws {
        // The credentials would come from STS and instance metadata (both the stub): neither is asked.
        let source = AWSStubIdentity.make()
        let stub = try AWSStub(issuing: AWSStubIdentity.make(temporary: true), stsSigner: source, imdsRole: "r")
        defer { stub.stop() }
        let bed = try IAMTestbed(accepting: [source])
        defer { bed.stop() }
        try bed.awsFile(
            "credentials",
            "[base]\naws_access_key_id = \(source.accessKeyID)\naws_secret_access_key = \(source.secretAccessKey)\n")
        try bed.awsFile("config", "[default]\nrole_arn = arn:aws:iam::123456789012:role/r\nsource_profile = base\n")
        let result = try bed.gqlpatch(
            ["update", "Item", "--id", "item-1", "--set", "name=Lamp"],
            environment: [
                "AWS_ENDPOINT_URL_STS": stub.baseURL, "AWS_EC2_METADATA_DISABLED": "false",
                "AWS_EC2_METADATA_SERVICE_ENDPOINT": stub.baseURL,
            ],
            endpoint: "https://api.example.invalid/graphql")
        #expect(result.status == 78, "\(result)")
        #expect(result.stderr.hasPrefix("gqlpatch: error: cannot tell the AWS region for api.example.invalid"))
        #expect(try stub.requests().isEmpty)
    }

    @Test func plainHTTPToAnotherHostIsRefusedUnlessAllowed() throws {
        let identity = AWSStubIdentity.make()
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        let endpoint = "http://api.example.invalid/graphql"
        let arguments = ["--region", "us-east-1", "update", "Item", "--id", "item-1", "--set", "name=Lamp"]
        let refused = try bed.gqlpatch(arguments, environment: identity.environment, endpoint: endpoint)
        #expect(refused.status == 78, "\(refused)")
        #expect(
            refused.stderr == """
                gqlpatch: error: refusing to send credentials over plain http:// to \(endpoint); \
                use https:// or pass --allow-insecure-http

                """)

        // Allowed, the request is signed and sent; `.invalid` never resolves, so it fails to connect.
        let allowed = try bed.gqlpatch(
            ["--allow-insecure-http"] + arguments, environment: identity.environment, endpoint: endpoint)
        #expect(allowed.status == 69, "\(allowed)")
        #expect(!allowed.stderr.contains("refusing"))
        #expect(allowed.stderr.contains("api.example.invalid"), "\(allowed.stderr)")
    }

    @Test func missingNamedProfile() throws {
        let identity = AWSStubIdentity.make()
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        let result = try bed.update(name: "Lamp", extra: ["--profile", "nope"], environment: identity.environment)
        #expect(result.status == 78, "\(result)")
        #expect(
            result.stderr == "gqlpatch: error: AWS profile 'nope' not found in ~/.aws/credentials or ~/.aws/config\n")
        #expect(try bed.signedRequests().isEmpty)
    }

    @Test func partialEnvironmentKeys() throws {
        let identity = AWSStubIdentity.make()
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        let result = try bed.update(name: "Lamp", environment: ["AWS_ACCESS_KEY_ID": identity.accessKeyID])
        #expect(result.status == 78, "\(result)")
        #expect(
            result.stderr == """
                gqlpatch: error: partial AWS credentials in the environment: \
                AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not

                """)
        #expect(try bed.signedRequests().isEmpty)
    }

    @Test func stsRefusingTheWebIdentityTokenIsUnauthorized() throws {
        let role = AWSStubIdentity.make(temporary: true)
        let stub = try AWSStub(issuing: role, webIdentityToken: "the-right-token")
        defer { stub.stop() }
        let bed = try IAMTestbed(accepting: [role])
        defer { bed.stop() }
        let tokenFile = try bed.emulator.file("token", "a-wrong-token")
        let result = try bed.update(
            name: "Lamp",
            environment: [
                "AWS_ROLE_ARN": "arn:aws:iam::123456789012:role/e2e", "AWS_WEB_IDENTITY_TOKEN_FILE": tokenFile,
                "AWS_ENDPOINT_URL_STS": stub.baseURL,
            ])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr == """
                gqlpatch: error: STS AssumeRoleWithWebIdentity for arn:aws:iam::123456789012:role/e2e failed: \
                HTTP 400 InvalidIdentityToken: the web identity token is not valid \
                (sent: auth iam, the web identity token in AWS_WEB_IDENTITY_TOKEN_FILE)

                """)
        #expect(try stub.requests().map { $0["check"] } == ["bad token"])
        #expect(try bed.signedRequests().isEmpty)
    }

    @Test func containerEndpointRefusingTheTokenStopsTheChain() throws {
        let role = AWSStubIdentity.make(temporary: true)
        let stub = try AWSStub(issuing: role, containerToken: "the-right-token", imdsRole: "r")
        defer { stub.stop() }
        let bed = try IAMTestbed(accepting: [role])
        defer { bed.stop() }
        let result = try bed.update(
            name: "Lamp",
            environment: [
                "AWS_CONTAINER_CREDENTIALS_FULL_URI": stub.baseURL + "/creds",
                "AWS_CONTAINER_AUTHORIZATION_TOKEN": "a-wrong-token",
                "AWS_EC2_METADATA_DISABLED": "false", "AWS_EC2_METADATA_SERVICE_ENDPOINT": stub.baseURL,
            ])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr
                == "gqlpatch: error: container credentials from 127.0.0.1:\(stub.port) failed after 3 attempts: HTTP 401\n"
        )
        // Three tries at the container endpoint and no fall-through to instance metadata.
        #expect(try stub.requests().map { $0["path"] } == ["/creds", "/creds", "/creds"])
        #expect(try bed.signedRequests().isEmpty)
    }

    /// `X-Amz-Date` for `offset` seconds from now.
    static func amzDate(_ offset: TimeInterval) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: Date().addingTimeInterval(offset))
    }

    struct Skew: Sendable, CustomTestStringConvertible {
        var seconds: TimeInterval
        var status: Int
        var testDescription: String { "\(Int(seconds)) s → \(status)" }
    }

    /// The emulator refuses a correct signature dated more than 5 minutes away from its clock.
    @Test(arguments: [
        Skew(seconds: -360, status: 403), Skew(seconds: 360, status: 403), Skew(seconds: -240, status: 200),
        Skew(seconds: 0, status: 200),
    ])
    func emulatorRefusesSignaturesOutsideTheClockSkew(_ skew: Skew) throws {
        let identity = AWSStubIdentity.make(temporary: true)
        let emulator = try Emulator(arguments: ["--iam", identity.emulatorArgument()])
        defer { emulator.stop() }
        let reply = try AWSStub.sendSigned(to: emulator.endpoint, with: identity, amzDate: Self.amzDate(skew.seconds))
        #expect(reply.status == skew.status, "\(reply.body)")
        if skew.status == 403 { #expect(reply.body.contains("InvalidSignatureException")) }
    }

    @Test func gqlpatchSignsWithTheCurrentTime() throws {
        let identity = AWSStubIdentity.make()
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        let before = Self.amzDate(-1)
        let result = try bed.update(name: "Lamp", environment: identity.environment)
        let after = Self.amzDate(1)
        try bed.expectAccepted(result, name: "Lamp", signedBy: identity)
        let date = try #require(try bed.signedRequests().last?["headers"]?["x-amz-date"]?.stringValue)
        #expect(before <= date && date <= after, "\(before) <= \(date) <= \(after)")
    }
}
