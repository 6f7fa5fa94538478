import Foundation
import JSON
import Testing

/// What sends nothing needs no credentials: `schema` and every `--dry-run` (apply included) in a Gen 2
/// project folder, whatever its default auth mode, with no key, token or AWS credentials anywhere, and
/// without running a credential process or asking STS, a container endpoint or instance metadata.
@Suite struct NoCredentialsEndToEndTests {
    /// The real Gen 2 configs of the corpus, read at test time (they carry no licence).
    static let outputs: [CorpusOutputs] = CorpusOutputs.all()

    @Test(
        .enabled(
            if: !outputs.isEmpty,
            "skipped: ../shared/testdata/amplify/corpus (the real Amplify projects) is not beside the repository"),
        arguments: outputs)
    func schemaAndEveryDryRunNeedNoCredentials(_ outputs: CorpusOutputs) throws {
        let stub = try AWSStub(issuing: AWSStubIdentity.make(temporary: true), imdsRole: "must-not-be-asked")
        defer { stub.stop() }
        let folder = try Self.projectFolder(outputs)
        defer { try? FileManager.default.removeItem(at: folder) }
        // No HOME credentials and no AWS_* variable but one: instance metadata, if anything asked it,
        // would be asked on the stub (never on the real address), and the test would see it.
        let environment = [
            "HOME": folder.appendingPathComponent("home").path,
            "AWS_EC2_METADATA_SERVICE_ENDPOINT": stub.baseURL,
        ]
        let runs = try Self.runEveryCommand(in: folder, environment: environment)
        for (name, result) in runs {
            #expect(result.status == 0, "\(outputs.name): \(name)\n\(result)")
            #expect(!result.stderr.contains("error"), "\(outputs.name): \(name)\n\(result)")
        }
        let schema = try JSONValue.parse(try #require(runs.first { $0.0 == "schema" }?.1).stdout)
        #expect(schema["origin"] == "model-introspection", "\(outputs.name)")
        for (name, result) in runs where !["schema", "help", "apply"].contains(name) {
            let plan = try JSONValue.parse(result.stdout)
            #expect(plan["auth"] == .string(outputs.authMode), "\(outputs.name): \(name)")
            #expect(plan["credentials"] == "not looked up", "\(outputs.name): \(name)")
            #expect(plan["headers"]?.arrayValue?.contains(.string(outputs.header)) == true, "\(outputs.name): \(name)")
        }
        let apply = try #require(runs.first { $0.0 == "apply" }?.1)
        #expect(
            apply.stderr
                == "gqlpatch: apply: dry run: 1 line checked; nothing was sent (auth \(outputs.authMode), credentials not looked up)\n",
            "\(outputs.name)")
        #expect(try stub.requests().isEmpty, "\(outputs.name): nothing may ask for credentials")
    }

    /// IAM with every credential source set up to answer (and to tell when asked): a credential process
    /// that leaves a mark, web identity and container credentials and instance metadata on a stub. A dry
    /// run and `schema` touch none of them; the same update sent does (the sources are live).
    @Test func iamDryRunRunsNoCredentialProcessAndAsksNoEndpoint() throws {
        let role = AWSStubIdentity.make(temporary: true)
        let token = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJlMmUifQ.c2lnbmF0dXJl"
        let stub = try AWSStub(issuing: role, webIdentityToken: token, containerToken: "ct", imdsRole: "role")
        defer { stub.stop() }
        let bed = try IAMTestbed(accepting: [role])
        defer { bed.stop() }
        let mark = bed.home.appendingPathComponent("credential-process-ran")
        try bed.awsFile("config", "[default]\nregion = us-east-1\ncredential_process = touch '\(mark.path)'\n")
        let tokenFile = bed.home.appendingPathComponent("web-identity-token")
        try token.write(to: tokenFile, atomically: true, encoding: .utf8)
        let sources = [
            "AWS_EC2_METADATA_DISABLED": "false", "AWS_EC2_METADATA_SERVICE_ENDPOINT": stub.baseURL,
            "AWS_CONTAINER_CREDENTIALS_FULL_URI": stub.baseURL + "/creds", "AWS_CONTAINER_AUTHORIZATION_TOKEN": "ct",
            "AWS_ROLE_ARN": "arn:aws:iam::123456789012:role/e2e", "AWS_WEB_IDENTITY_TOKEN_FILE": tokenFile.path,
            "AWS_ENDPOINT_URL_STS": stub.baseURL,
        ]
        let key = ["--id", "item-1"]
        let commands: [[String]] = [
            ["schema"],
            ["--dry-run", "update", "Item"] + key + ["--set", "name=Lamp"],
            ["--dry-run", "get", "Item"] + key,
            ["--dry-run", "list", "Item"],
            ["--dry-run", "delete", "Item"] + key,
            ["--dry-run", "create", "Item", "--set", "name=Desk"],
            ["--dry-run", "query", "{ __typename }"],
            ["--dry-run", "schema", "pull"],
        ]
        for arguments in commands {
            let result = try bed.gqlpatch(arguments, environment: sources)
            #expect(result.status == 0, "\(arguments)\n\(result)")
            if arguments.first == "--dry-run" {
                let plan = try JSONValue.parse(result.stdout)
                #expect(plan["auth"] == "iam", "\(arguments)")
                #expect(plan["credentials"] == "not looked up", "\(arguments)")
            }
        }
        let apply = try bed.gqlpatch(
            ["--dry-run", "apply", "-"], environment: sources,
            stdin: #"{"op": "update", "model": "Item", "key": {"id": "item-1"}, "set": {"name": "Lamp"}}"# + "\n")
        #expect(apply.status == 0, "\(apply)")
        #expect(!FileManager.default.fileExists(atPath: mark.path), "a dry run ran the credential process")
        let asked = try stub.requests()
        #expect(asked.isEmpty, "a dry run asked for credentials: \(asked)")
        #expect(try bed.storedName() == "Chair")

        // The same sources are live: the update sent looks the credentials up (web identity, first in
        // the chain, asks the stub's STS) and is accepted.
        let sent = try bed.gqlpatch(["update", "Item"] + key + ["--set", "name=Lamp"], environment: sources)
        try bed.expectAccepted(sent, name: "Lamp", signedBy: role)
        #expect(try stub.requests().count == 1, "the update sent looked the credentials up")
    }

    /// An explicit mode with no credential at all: a dry run plans it and says none was looked up.
    @Test(arguments: ["api-key", "user-pool", "oidc", "lambda", "iam"])
    func explicitModeDryRunWithoutCredentials(_ mode: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-nocreds-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try GQLPatchRun.run(
            [
                "--schema", TestPaths.schema, "--auth", mode, "--endpoint",
                "https://abcdefghijklmnopqrstuvwxyz.appsync-api.eu-west-1.amazonaws.com/graphql", "--dry-run",
                "update", "Item", "--id", "item-1", "--set", "name=Lamp",
            ],
            environment: ["HOME": folder.path, "AWS_EC2_METADATA_DISABLED": "true"], in: folder)
        let plan = try result.singleDocument()
        #expect(plan["auth"] == .string(mode))
        #expect(plan["credentials"] == "not looked up")
        #expect(result.stderr.isEmpty, "\(result)")
    }

    /// `--auth none` looks nothing up either, and says there are no credentials.
    @Test func noneModeSaysNoCredentials() throws {
        let result = try GQLPatchRun.run([
            "--schema", TestPaths.schema, "--auth", "none", "--dry-run", "get", "Item", "--id", "item-1",
        ])
        let plan = try result.singleDocument()
        #expect(plan["auth"] == "none")
        #expect(plan["credentials"] == "none")
    }

    /// The corpus config copied into a fresh folder as `amplify_outputs.json`, with an empty `home/`.
    static func projectFolder(_ outputs: CorpusOutputs) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-gen2-\(UUID())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("home"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: outputs.file, to: folder.appendingPathComponent("amplify_outputs.json"))
        return folder
    }

    /// `schema`, then a dry run of each command on a model `schema` lists (one with an update and a
    /// plain text field to set): every run by name.
    static func runEveryCommand(in folder: URL, environment: [String: String]) throws -> [(String, ProcessResult)] {
        var runs: [(String, ProcessResult)] = []
        let schema = try GQLPatchRun.run(["schema"], environment: environment, in: folder)
        runs.append(("schema", schema))
        runs.append(("help", try GQLPatchRun.run(["update", "--help"], environment: environment, in: folder)))
        guard schema.status == 0, let catalogue = try? JSONValue.parse(schema.stdout),
            let target = CorpusTarget.pick(from: catalogue)
        else { return runs }
        let key = target.keyFlags
        let commands: [(String, [String])] = [
            ("update", ["update", target.model] + key + ["--set", "\(target.textField)=x"]),
            ("get", ["get", target.model] + key),
            ("list", ["list", target.model, "--limit", "1"]),
            ("delete", ["delete", target.model] + key),
            ("query", ["query", "{ __typename }"]),
        ]
        for (name, arguments) in commands {
            runs.append((name, try GQLPatchRun.run(["--dry-run"] + arguments, environment: environment, in: folder)))
        }
        let line = JSONValue.object(
            JSONObject([
                ("op", "update"), ("model", .string(target.model)), ("key", .object(target.keyJSON)),
                ("set", .object(JSONObject([(target.textField, "x")]))),
            ]))
        runs.append(
            (
                "apply",
                try GQLPatchRun.run(
                    ["--dry-run", "apply", "-"], environment: environment, stdin: line.serialized() + "\n", in: folder)
            ))
        return runs
    }
}
