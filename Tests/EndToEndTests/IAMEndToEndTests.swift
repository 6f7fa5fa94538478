import Foundation
import JSON
import Testing

/// `gqlpatch --auth iam` against the emulator, which re-signs every request with botocore and
/// admits it only when the signature, key id, region, service, date and session token all match.
/// One test per credential source; STS, container and instance-metadata endpoints are a loopback stub.
@Suite struct IAMEndToEndTests {
    @Test func environmentKeys() throws {
        let identity = AWSStubIdentity.make()
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        let result = try bed.update(name: "Lamp", environment: identity.environment)
        try bed.expectAccepted(result, name: "Lamp", signedBy: identity)
    }

    @Test func environmentKeysWithSessionToken() throws {
        let identity = AWSStubIdentity.make(temporary: true)
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        let result = try bed.update(name: "Lamp", environment: identity.environment)
        try bed.expectAccepted(result, name: "Lamp", signedBy: identity)
        let headers = try #require(try bed.signedRequests().last?["headers"])
        let authorization = headers["authorization"]?.stringValue ?? ""
        #expect(authorization.contains("x-amz-security-token"), "the token is a signed header: \(authorization)")
    }

    @Test func sessionTokenIsRequiredWhenTheEmulatorExpectsOne() throws {
        // The emulator wants the token: the same key without it is refused, so the token test above
        // proves the token travelled.
        let identity = AWSStubIdentity.make(temporary: true)
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        var environment = identity.environment
        environment["AWS_SESSION_TOKEN"] = nil
        let result = try bed.update(name: "Lamp", environment: environment)
        #expect(result.status == 77, "\(result)")
        #expect(try bed.storedName() == "Chair")
    }

    @Test func credentialsFileProfileChosenWithTheProfileFlag() throws {
        let identity = AWSStubIdentity.make()
        let other = AWSStubIdentity.make()
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        try bed.awsFile(
            "credentials",
            """
            [default]
            aws_access_key_id = \(other.accessKeyID)
            aws_secret_access_key = \(other.secretAccessKey)

            [deploy]
            aws_access_key_id = \(identity.accessKeyID)
            aws_secret_access_key = \(identity.secretAccessKey)

            """)
        // --profile also switches the environment keys off (as in the AWS CLI).
        let result = try bed.update(name: "Lamp", extra: ["--profile", "deploy"], environment: other.environment)
        try bed.expectAccepted(result, name: "Lamp", signedBy: identity)
    }

    @Test func profileChosenWithAWSProfileFromFilesNamedInTheEnvironment() throws {
        let identity = AWSStubIdentity.make()
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        let credentials = try bed.emulator.file(
            "elsewhere-credentials",
            """
            [ci]
            aws_access_key_id = \(identity.accessKeyID)
            aws_secret_access_key = \(identity.secretAccessKey)

            """)
        let config = try bed.emulator.file("elsewhere-config", "[profile ci]\noutput = json\n")
        let result = try bed.update(
            name: "Lamp",
            environment: ["AWS_PROFILE": "ci", "AWS_SHARED_CREDENTIALS_FILE": credentials, "AWS_CONFIG_FILE": config])
        try bed.expectAccepted(result, name: "Lamp", signedBy: identity)
    }

    @Test func regionFromTheProfileInTheConfigFile() throws {
        // The emulator accepts this key for eu-central-1 only, and nothing but the profile names it.
        let identity = AWSStubIdentity.make()
        let bed = try IAMTestbed(accepting: [identity], region: "eu-central-1")
        defer { bed.stop() }
        try bed.awsFile(
            "credentials",
            """
            [deploy]
            aws_access_key_id = \(identity.accessKeyID)
            aws_secret_access_key = \(identity.secretAccessKey)

            """)
        try bed.awsFile("config", "[profile deploy]\nregion = eu-central-1\n")
        let result = try bed.update(name: "Lamp", region: nil, environment: ["AWS_PROFILE": "deploy"])
        try bed.expectAccepted(result, name: "Lamp", signedBy: identity, region: "eu-central-1")
    }

    @Test func sourceProfileAndRoleARNAssumeTheRoleWithSTS() throws {
        let source = AWSStubIdentity.make()
        let role = AWSStubIdentity.make(temporary: true)
        let stub = try AWSStub(issuing: role, stsSigner: source)
        defer { stub.stop() }
        let bed = try IAMTestbed(accepting: [role])
        defer { bed.stop() }
        try bed.awsFile(
            "credentials",
            """
            [base]
            aws_access_key_id = \(source.accessKeyID)
            aws_secret_access_key = \(source.secretAccessKey)

            """)
        try bed.awsFile(
            "config",
            """
            [profile admin]
            role_arn = arn:aws:iam::123456789012:role/e2e-admin
            source_profile = base
            role_session_name = e2e-session

            """)
        let result = try bed.update(
            name: "Lamp", extra: ["--profile", "admin"], environment: ["AWS_ENDPOINT_URL_STS": stub.baseURL])
        try bed.expectAccepted(result, name: "Lamp", signedBy: role)

        let calls = try stub.requests()
        #expect(calls.count == 1, "\(calls)")
        let call = try #require(calls.first)
        #expect(call["method"] == "POST")
        #expect(call["path"] == "/")
        #expect(call["check"] == "signature ok", "the stub re-signed the AssumeRole request with botocore")
        let authorization = call["headers"]?["authorization"]?.stringValue ?? ""
        #expect(authorization.hasPrefix("AWS4-HMAC-SHA256 Credential=\(source.accessKeyID)/"), "\(authorization)")
        #expect(authorization.contains("/us-east-1/sts/aws4_request,"), "\(authorization)")
        let form = Self.form(call["body"]?.stringValue ?? "")
        #expect(form["Action"] == "AssumeRole")
        #expect(form["Version"] == "2011-06-15")
        #expect(form["RoleArn"] == "arn:aws:iam::123456789012:role/e2e-admin")
        #expect(form["RoleSessionName"] == "e2e-session")
    }

    @Test func credentialProcess() throws {
        let identity = AWSStubIdentity.make(temporary: true)
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        let document =
            #"{"Version": 1, "AccessKeyId": "\#(identity.accessKeyID)", "SecretAccessKey": "\#(identity.secretAccessKey)", "SessionToken": "\#(identity.sessionToken ?? "")", "Expiration": "2099-01-01T00:00:00Z"}"#
        try bed.awsFile("config", "[default]\ncredential_process = printf '%s\\n' '\(document)'\n")
        let result = try bed.update(name: "Lamp")
        try bed.expectAccepted(result, name: "Lamp", signedBy: identity)
    }

    @Test func webIdentityFromTheEnvironment() throws {
        let role = AWSStubIdentity.make(temporary: true)
        let jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJlMmUifQ.c2lnbmF0dXJl"
        let stub = try AWSStub(issuing: role, webIdentityToken: jwt)
        defer { stub.stop() }
        let bed = try IAMTestbed(accepting: [role])
        defer { bed.stop() }
        let tokenFile = try bed.emulator.file("web-identity-token", jwt)
        let result = try bed.update(
            name: "Lamp",
            environment: [
                "AWS_ROLE_ARN": "arn:aws:iam::123456789012:role/e2e-ci", "AWS_WEB_IDENTITY_TOKEN_FILE": tokenFile,
                "AWS_ROLE_SESSION_NAME": "e2e-ci", "AWS_ENDPOINT_URL_STS": stub.baseURL,
            ])
        try bed.expectAccepted(result, name: "Lamp", signedBy: role)

        let calls = try stub.requests()
        #expect(calls.count == 1, "\(calls)")
        let call = try #require(calls.first)
        #expect(call["check"] == "token ok")
        #expect(call["headers"]?["authorization"] == nil, "AssumeRoleWithWebIdentity is sent unsigned")
        let form = Self.form(call["body"]?.stringValue ?? "")
        #expect(form["Action"] == "AssumeRoleWithWebIdentity")
        #expect(form["RoleArn"] == "arn:aws:iam::123456789012:role/e2e-ci")
        #expect(form["RoleSessionName"] == "e2e-ci")
        #expect(form["WebIdentityToken"] == jwt)
    }

    @Test func containerCredentialsFromAFullURIWithAnAuthorizationToken() throws {
        let role = AWSStubIdentity.make(temporary: true)
        let containerToken = "container-authorization-\(UUID().uuidString)"
        let stub = try AWSStub(issuing: role, containerToken: containerToken)
        defer { stub.stop() }
        let bed = try IAMTestbed(accepting: [role])
        defer { bed.stop() }
        let result = try bed.update(
            name: "Lamp",
            environment: [
                "AWS_CONTAINER_CREDENTIALS_FULL_URI": stub.baseURL + "/creds",
                "AWS_CONTAINER_AUTHORIZATION_TOKEN": containerToken,
            ])
        try bed.expectAccepted(result, name: "Lamp", signedBy: role)
        let calls = try stub.requests()
        #expect(calls.count == 1, "\(calls)")
        #expect(calls.first?["method"] == "GET")
        #expect(calls.first?["path"] == "/creds")
        #expect(calls.first?["check"] == "token ok")
    }

    @Test func instanceMetadataV2() throws {
        let role = AWSStubIdentity.make(temporary: true)
        let stub = try AWSStub(issuing: role, imdsRole: "e2e-instance-role")
        defer { stub.stop() }
        let bed = try IAMTestbed(accepting: [role])
        defer { bed.stop() }
        let result = try bed.update(
            name: "Lamp",
            environment: ["AWS_EC2_METADATA_DISABLED": "false", "AWS_EC2_METADATA_SERVICE_ENDPOINT": stub.baseURL])
        try bed.expectAccepted(result, name: "Lamp", signedBy: role)

        let calls = try stub.requests()
        let steps = calls.map {
            "\($0["method"]?.stringValue ?? "") \($0["path"]?.stringValue ?? "") \($0["status"]?.intValue ?? 0)"
        }
        #expect(
            steps == [
                "PUT /latest/api/token 200",
                "GET /latest/meta-data/iam/security-credentials/ 200",
                "GET /latest/meta-data/iam/security-credentials/e2e-instance-role 200",
            ])
        #expect(calls.first?["headers"]?["x-aws-ec2-metadata-token-ttl-seconds"] == "21600")
        #expect(calls.dropFirst().allSatisfy { $0["headers"]?["x-aws-ec2-metadata-token"] != nil })
    }

    @Test func nonASCIIBodySignsCorrectly() throws {
        let identity = AWSStubIdentity.make()
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        let result = try bed.update(name: "Zürich ✓", environment: identity.environment)
        try bed.expectAccepted(result, name: "Zürich ✓", signedBy: identity)
        let input = try bed.signedRequests().last?["body"]?["variables"]?["input"]
        #expect(input == ["id": "item-1", "name": "Zürich ✓"])
    }

    @Test func emptySessionTokenCountsAsUnset() throws {
        let identity = AWSStubIdentity.make()
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        var environment = identity.environment
        environment["AWS_SESSION_TOKEN"] = ""
        let result = try bed.update(name: "Lamp", environment: environment)
        try bed.expectAccepted(result, name: "Lamp", signedBy: identity)
    }

    @Test func webIdentityFromTheProfile() throws {
        let role = AWSStubIdentity.make(temporary: true)
        let jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJwcm9maWxlIn0.c2ln\n"
        let stub = try AWSStub(issuing: role, webIdentityToken: jwt)
        defer { stub.stop() }
        let bed = try IAMTestbed(accepting: [role])
        defer { bed.stop() }
        let tokenFile = try bed.emulator.file("token", jwt)
        try bed.awsFile(
            "config",
            """
            [profile ci]
            role_arn = arn:aws:iam::123456789012:role/e2e-profile
            web_identity_token_file = \(tokenFile)

            """)
        let result = try bed.update(
            name: "Lamp", extra: ["--profile", "ci"], environment: ["AWS_ENDPOINT_URL_STS": stub.baseURL])
        try bed.expectAccepted(result, name: "Lamp", signedBy: role)
        let call = try #require(try stub.requests().first)
        #expect(call["check"] == "token ok", "the token file is sent as read, newline included")
        #expect(Self.form(call["body"]?.stringValue ?? "")["RoleArn"] == "arn:aws:iam::123456789012:role/e2e-profile")
    }

    @Test func containerAuthorizationTokenFileWinsOverTheVariable() throws {
        let role = AWSStubIdentity.make(temporary: true)
        let containerToken = "from-file-\(UUID().uuidString)"
        let stub = try AWSStub(issuing: role, containerToken: containerToken)
        defer { stub.stop() }
        let bed = try IAMTestbed(accepting: [role])
        defer { bed.stop() }
        let tokenFile = try bed.emulator.file("container-token", containerToken)
        let result = try bed.update(
            name: "Lamp",
            environment: [
                "AWS_CONTAINER_CREDENTIALS_FULL_URI": stub.baseURL + "/creds",
                "AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE": tokenFile,
                "AWS_CONTAINER_AUTHORIZATION_TOKEN": "not-this-one",
            ])
        try bed.expectAccepted(result, name: "Lamp", signedBy: role)
        #expect(try stub.requests().map { $0["check"] } == ["token ok"])
    }

    @Test func amplifyOutputsGiveTheEndpointTheAuthModeAndTheRegion() throws {
        // No --endpoint, --auth or --region: all three come from amplify_outputs.json in the
        // working directory, and the emulator accepts the key for that region only.
        let identity = AWSStubIdentity.make()
        let bed = try IAMTestbed(accepting: [identity], region: "ap-southeast-2")
        defer { bed.stop() }
        _ = try bed.emulator.file(
            "amplify_outputs.json",
            """
            {"version": "1.3", "data": {"url": "\(bed.emulator.endpoint)", "aws_region": "ap-southeast-2",
             "default_authorization_type": "AWS_IAM", "authorization_types": []}}
            """)
        var environment = identity.environment
        environment["HOME"] = bed.home.path
        environment["AWS_EC2_METADATA_DISABLED"] = "true"
        let result = try GQLPatchRun.run(
            ["--schema", TestPaths.schema, "update", "Item", "--id", "item-1", "--set", "name=Lamp"],
            environment: environment, in: bed.emulator.folder)
        try bed.expectAccepted(result, name: "Lamp", signedBy: identity, region: "ap-southeast-2")
    }

    struct Variation: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        /// Turns the emulator's `http://127.0.0.1:<port>/graphql` into the endpoint to use.
        var endpoint: @Sendable (String) -> String = { $0 }
        /// A header that must be among the signed ones.
        var signedHeader: String?
        var testDescription: String { name }
    }

    /// The signature covers the request exactly as it goes out: extra headers (also with odd
    /// spacing and case), a replaced Content-Type, a query string, another spelling of the host.
    @Test(arguments: [
        Variation(name: "spaced header value", arguments: ["--header", "X-Trace:  a   b  "], signedHeader: "x-trace"),
        Variation(
            name: "upper-case header", arguments: ["--header", "X-UPPER-Case: Value"], signedHeader: "x-upper-case"),
        Variation(
            name: "content type with charset",
            arguments: ["--header", "Content-Type: application/json; charset=utf-8"],
            signedHeader: "content-type"),
        Variation(name: "query string", arguments: [], endpoint: { $0 + "?b=2&a=x%20y&a=1" }),
        Variation(
            name: "localhost", arguments: [], endpoint: { $0.replacingOccurrences(of: "127.0.0.1", with: "localhost") }),
        Variation(
            name: "upper-case host", arguments: [],
            endpoint: { $0.replacingOccurrences(of: "127.0.0.1", with: "LocalHost") }),
    ])
    func signatureCoversTheRequestAsSent(_ variation: Variation) throws {
        let identity = AWSStubIdentity.make()
        let bed = try IAMTestbed(accepting: [identity])
        defer { bed.stop() }
        let result = try bed.gqlpatch(
            ["--region", "us-east-1"] + variation.arguments + [
                "update", "Item", "--id", "item-1", "--set", "name=Lamp",
            ],
            environment: identity.environment, endpoint: variation.endpoint(bed.emulator.endpoint))
        try bed.expectAccepted(result, name: "Lamp", signedBy: identity)
        if let header = variation.signedHeader {
            let authorization = try bed.signedRequests().last?["headers"]?["authorization"]?.stringValue ?? ""
            let signed = authorization.split(separator: " ").first { $0.hasPrefix("SignedHeaders=") } ?? ""
            #expect(
                signed.dropFirst("SignedHeaders=".count).dropLast().split(separator: ";").contains(Substring(header)),
                "\(authorization)")
        }
    }

    /// The fields of an `application/x-www-form-urlencoded` body.
    static func form(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            fields[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return fields
    }
}
