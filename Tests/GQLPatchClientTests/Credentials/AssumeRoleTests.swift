import AWSSigning
import GQLPatchTestSupport
import HTTP
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct AssumeRoleTests {
    static let stsEnvironment = ["AWS_ENDPOINT_URL_STS": "http://127.0.0.1:4566"]

    static func sts() -> RecordingTransport {
        RecordingTransport { (_: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in STSReplies.assumeRole() }
    }

    @Test func signsAssumeRoleWithTheSourceProfile() async throws {
        let sandbox = try CredentialSandbox()
        try sandbox.credentials(
            "[base]\naws_access_key_id = AKIABASE000000000001\naws_secret_access_key = baseSecret\naws_session_token = baseToken\n"
        )
        try sandbox.config(
            """
            [profile deploy]
            role_arn = arn:aws:iam::123456789012:role/deploy
            source_profile = base
            role_session_name = ci-run
            external_id = ext-123
            duration_seconds = 900
            """)
        let transport = Self.sts()
        let found = try await sandbox.chain(
            environment: Self.stsEnvironment, profile: "deploy", region: "us-west-2", transport: transport
        ).resolve()
        #expect(
            found.credentials
                == SigV4Credentials(
                    accessKeyID: "ASIAASSUMEDROLE00001", secretAccessKey: "assumedSecretKey/0000000000000000000000",
                    sessionToken: "assumedSessionToken0000000000000000"))
        #expect(found.expiration == 1_700_003_600)
        #expect(
            found.source
                == "profile deploy in ~/.aws/config (role arn:aws:iam::123456789012:role/deploy assumed with profile base in ~/.aws/credentials)"
        )

        let request = try #require(transport.requests.first)
        #expect(transport.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.url == "http://127.0.0.1:4566")
        #expect(request.header("Host") == "127.0.0.1:4566")
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(
            request.formFields == [
                "Action": "AssumeRole", "Version": "2011-06-15", "RoleArn": "arn:aws:iam::123456789012:role/deploy",
                "RoleSessionName": "ci-run", "ExternalId": "ext-123", "DurationSeconds": "900",
            ])
        #expect(request.bodyText.contains("RoleArn=arn%3Aaws%3Aiam%3A%3A123456789012%3Arole%2Fdeploy"))
        #expect(request.header("X-Amz-Date") == "20231114T221320Z")
        #expect(request.header("X-Amz-Security-Token") == "baseToken")
        let authorization = try #require(request.header("Authorization"))
        #expect(
            authorization.hasPrefix(
                "AWS4-HMAC-SHA256 Credential=AKIABASE000000000001/20231114/us-west-2/sts/aws4_request, "
                    + "SignedHeaders=content-type;host;x-amz-date;x-amz-security-token, Signature="))

        // The same signature comes out of SigV4Signer for the same request.
        let expected = SigV4Signer(
            credentials: SigV4Credentials(
                accessKeyID: "AKIABASE000000000001", secretAccessKey: "baseSecret", sessionToken: "baseToken"),
            region: "us-west-2", service: "sts"
        ).sign(
            SigningRequest(
                method: "POST", path: "/",
                headers: [
                    ("Host", "127.0.0.1:4566"), ("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"),
                ], body: request.body),
            date: SigningDate(secondsSince1970: CredentialSandbox.now))
        #expect(expected.last?.value == authorization)
    }

    @Test func defaultEndpointIsRegionalOrGlobal() async throws {
        let sandbox = try CredentialSandbox()
        try sandbox.config("[default]\nrole_arn = arn:aws:iam::1:role/r\ncredential_source = Environment\n")
        let environment = ["AWS_ACCESS_KEY_ID": "AKIAENV0000000000001", "AWS_SECRET_ACCESS_KEY": "s"]
        for (region, url, scope) in [
            ("eu-west-1", "https://sts.eu-west-1.amazonaws.com", "/eu-west-1/sts/"),
            ("cn-north-1", "https://sts.cn-north-1.amazonaws.com.cn", "/cn-north-1/sts/"),
            (nil, "https://sts.amazonaws.com", "/us-east-1/sts/"),
        ] as [(String?, String, String)] {
            let transport = Self.sts()
            // Environment keys win over a profile role unless --profile is given.
            let found = try await sandbox.chain(
                environment: environment, profile: "default", region: region, transport: transport
            ).resolve()
            #expect(found.source.hasSuffix("assumed with environment)"))
            #expect(transport.requests.map(\.url) == [url])
            #expect(transport.requests.first?.header("Authorization")?.contains(scope) == true)
        }
    }

    @Test func endpointOverridesAndTheirSwitch() async throws {
        let sandbox = try CredentialSandbox()
        try sandbox.config("[default]\nrole_arn = arn:aws:iam::1:role/r\ncredential_source = Environment\n")
        let base = [
            "AWS_ACCESS_KEY_ID": "AKIAENV0000000000001", "AWS_SECRET_ACCESS_KEY": "s",
            "AWS_ENDPOINT_URL": "http://localhost:1",
        ]
        let cases: [([String: String], String)] = [
            (base, "http://localhost:1"),
            (base.merging(["AWS_ENDPOINT_URL_STS": "http://localhost:2/"]) { $1 }, "http://localhost:2/"),
            (
                base.merging(["AWS_IGNORE_CONFIGURED_ENDPOINT_URLS": "true"]) { $1 },
                "https://sts.us-east-2.amazonaws.com"
            ),
        ]
        for (environment, url) in cases {
            let transport = Self.sts()
            _ = try await sandbox.chain(
                environment: environment, profile: "default", region: "us-east-2", transport: transport
            ).resolve()
            #expect(transport.requests.map(\.url) == [url])
        }
    }

    /// Static keys of a source profile win over its own role, so `self` gives its keys to `first`.
    @Test func chainsTwoRolesAndAllowsASelfReferenceWithKeys() async throws {
        let sandbox = try CredentialSandbox()
        try sandbox.config(
            """
            [profile self]
            role_arn = arn:aws:iam::1:role/self
            source_profile = self
            aws_access_key_id = AKIASELF000000000001
            aws_secret_access_key = selfSecret
            [profile first]
            role_arn = arn:aws:iam::1:role/first
            source_profile = self
            [profile second]
            role_arn = arn:aws:iam::1:role/second
            source_profile = first
            """)
        let transport = Self.sts()
        _ = try await sandbox.chain(environment: Self.stsEnvironment, profile: "second", transport: transport).resolve()
        let roles = transport.requests.map { $0.formFields["RoleArn"] ?? "" }
        #expect(roles == ["arn:aws:iam::1:role/first", "arn:aws:iam::1:role/second"])
        let signers = transport.requests.map {
            $0.header("Authorization")?.split(separator: "/").first.map(String.init) ?? ""
        }
        #expect(
            signers == [
                "AWS4-HMAC-SHA256 Credential=AKIASELF000000000001", "AWS4-HMAC-SHA256 Credential=ASIAASSUMEDROLE00001",
            ])

        let selfTransport = Self.sts()
        let found = try await sandbox.chain(environment: Self.stsEnvironment, profile: "self", transport: selfTransport)
            .resolve()
        #expect(selfTransport.requests.map { $0.formFields["RoleArn"] ?? "" } == ["arn:aws:iam::1:role/self"])
        #expect(
            selfTransport.requests.first?.header("Authorization")?.contains("Credential=AKIASELF000000000001/") == true)
        #expect(
            found.source
                == "profile self in ~/.aws/config (role arn:aws:iam::1:role/self assumed with profile self in ~/.aws/config)"
        )
    }

    @Test func reportsSourceProfileLoops() async throws {
        let sandbox = try CredentialSandbox()
        let path = try sandbox.config(
            """
            [profile a]
            role_arn = arn:aws:iam::1:role/a
            source_profile = b
            [profile b]
            role_arn = arn:aws:iam::1:role/b
            source_profile = a
            """)
        let transport = Self.sts()
        await expectCredentialError(.configuration, "\(path):6:1: error: source_profile loop: a -> b -> a") {
            _ = try await sandbox.chain(environment: Self.stsEnvironment, profile: "a", transport: transport).resolve()
        }
        #expect(transport.requests.isEmpty)
    }

    @Test(arguments: [
        (
            "role_arn = arn:aws:iam::1:role/r\nsource_profile = x\ncredential_source = Environment\n", 4,
            "profile p has both source_profile and credential_source"
        ),
        (
            "role_arn = arn:aws:iam::1:role/r\n", 2,
            "profile p has role_arn but neither source_profile nor credential_source"
        ),
        (
            "role_arn = arn:aws:iam::1:role/r\nsource_profile = missing\n", 3,
            "source_profile missing of profile p does not exist"
        ),
        (
            "role_arn = arn:aws:iam::1:role/r\ncredential_source = Somewhere\n", 3,
            "credential_source must be Environment, Ec2InstanceMetadata or EcsContainer"
        ),
        (
            "role_arn = arn:aws:iam::1:role/r\ncredential_source = environment\nduration_seconds = 1h\n", 4,
            "duration_seconds must be a whole number of seconds"
        ),
        (
            "role_arn = arn:aws:iam::1:role/r\ncredential_source = environment\nmfa_serial = arn:aws:iam::1:mfa/u\n", 4,
            "profile p needs an MFA code (mfa_serial), which gqlpatch cannot prompt for"
        ),
    ])
    func badRoleProfiles(body: String, line: Int, message: String) async throws {
        let sandbox = try CredentialSandbox()
        let path = try sandbox.config("[profile p]\n" + body)
        await expectCredentialError(.configuration, "\(path):\(line):1: error: \(message)") {
            _ = try await sandbox.chain(
                environment: ["AWS_ACCESS_KEY_ID": "AKIAENV0000000000001", "AWS_SECRET_ACCESS_KEY": "s"], profile: "p",
                transport: Self.sts()
            ).resolve()
        }
    }

    @Test func surfacesSTSErrors() async throws {
        let sandbox = try CredentialSandbox()
        try sandbox.config("[default]\nrole_arn = arn:aws:iam::1:role/r\ncredential_source = Environment\n")
        let transport = RecordingTransport { (_: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            STSReplies.error(
                403, code: "AccessDenied", message: "User is not authorized to perform: sts:AssumeRole &amp; more")
        }
        await expectCredentialError(
            .unauthorized,
            "STS AssumeRole for arn:aws:iam::1:role/r failed: HTTP 403 AccessDenied: User is not authorized to perform: sts:AssumeRole & more"
        ) {
            _ = try await sandbox.chain(
                environment: ["AWS_ACCESS_KEY_ID": "AKIAENV0000000000001", "AWS_SECRET_ACCESS_KEY": "s"],
                profile: "default", transport: transport
            ).resolve()
        }
    }

    @Test func rejectsAReplyWithoutCredentials() async throws {
        let sandbox = try CredentialSandbox()
        try sandbox.config("[default]\nrole_arn = arn:aws:iam::1:role/r\ncredential_source = Environment\n")
        let transport = RecordingTransport { (_: HTTPRequest) throws(GQLPatchError) -> HTTPResponse in
            .text(200, "<html>proxy</html>")
        }
        await expectCredentialError(
            .badResponse, "STS AssumeRole for arn:aws:iam::1:role/r failed: the reply has no <Credentials>"
        ) {
            _ = try await sandbox.chain(
                environment: ["AWS_ACCESS_KEY_ID": "AKIAENV0000000000001", "AWS_SECRET_ACCESS_KEY": "s"],
                profile: "default", transport: transport
            ).resolve()
        }
    }
}
