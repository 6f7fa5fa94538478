import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 14, item 3: a file that cannot be read fails with one wording, `cannot read PATH: REASON`,
/// and one rule for the exit code: 66 when the user named it (a flag, an environment variable,
/// `@file`), 78 when gqlpatch found it itself (`./schema.graphql`, `./amplify_outputs.json`,
/// `transform.conf.json`, `~/.aws/config`, a path written in a config file). Each source is given
/// a folder, a missing path, a dangling symbolic link or a FIFO nobody writes to (tests run as root,
/// so mode 000 would read); nothing is sent (the endpoint and every AWS endpoint are a closed
/// loopback port).
@Suite struct UnreadableFileEndToEndTests {
    static let schema = TestPaths.schema
    static let closed = "http://127.0.0.1:9"
    static let get = ["get", "Item", "--id", "1"]
    /// `--auth iam` with no network: credentials are resolved when the request is about to go (a dry
    /// run resolves none, so the credential files are read only by a run that sends).
    static let iam =
        ["--endpoint", closed + "/graphql", "--schema", schema, "--auth", "iam", "--region", "us-east-1"] + get

    enum Kind: String, CaseIterable, Sendable {
        case directory = "a folder"
        case missing = "a missing path"
        case danglingLink = "a dangling symbolic link"
        case fifo = "a FIFO with no writer"

        var reason: String {
            switch self {
            case .directory: "it is a directory"
            case .missing, .danglingLink: "no such file"
            case .fifo: "it is a FIFO and nothing opened it for writing within 1 s"
            }
        }
    }

    /// One way a file reaches gqlpatch. `X` stands for the file's path, `FOLDER` for the scratch folder
    /// (the working directory and `HOME`).
    struct Source: CustomStringConvertible, Sendable {
        var description: String
        var arguments: [String]
        var environment: [String: String] = [:]
        /// Where gqlpatch finds the file by itself (relative to the folder); nil: the user names `X`.
        var foundAt: String?
        /// Written to `~/.aws/config` (the file that names `X`).
        var awsConfig: String?
        /// A copy of the test schema goes here (relative to the folder), for `transform.conf.json` beside it.
        var schemaCopy: String?
        var kinds: [Kind]
        /// A folder here is an Amplify `schema/` folder (`--schema DIR`): an empty one has no files to read.
        var takesSchemaFolder = false
        var code: Int32 { foundAt == nil && awsConfig == nil ? 66 : 78 }
    }

    static let sources: [Source] = [
        // Named by the user: 66.
        Source(
            description: "--schema", arguments: ["--dry-run", "--schema", "X"] + get, kinds: Kind.allCases,
            takesSchemaFolder: true),
        Source(
            description: "GQLPATCH_SCHEMA", arguments: ["--dry-run"] + get, environment: ["GQLPATCH_SCHEMA": "X"],
            kinds: Kind.allCases, takesSchemaFolder: true),
        Source(
            description: "--config", arguments: ["--dry-run", "--schema", schema, "--config", "X"] + get,
            kinds: Kind.allCases),
        Source(
            description: "--patch",
            arguments: ["--dry-run", "--schema", schema, "update", "Item", "--id", "1", "--patch", "X"],
            kinds: [.directory, .missing]),
        Source(
            description: "--set F=@",
            arguments: ["--dry-run", "--schema", schema, "update", "Item", "--id", "1", "--set", "name=@X"],
            kinds: [.directory, .danglingLink]),
        Source(
            description: "--token @",
            // Not a dry run: one looks no credential up (it reads no token file).
            arguments: ["--endpoint", closed + "/graphql", "--schema", schema, "--auth", "user-pool", "--token", "@X"]
                + get,
            kinds: [.directory, .missing]),
        // A missing shared file is no error, named or not (as in the AWS CLI).
        Source(
            description: "AWS_CONFIG_FILE", arguments: iam, environment: ["AWS_CONFIG_FILE": "X"],
            kinds: [.directory, .fifo]),
        Source(
            description: "AWS_SHARED_CREDENTIALS_FILE", arguments: iam,
            environment: ["AWS_SHARED_CREDENTIALS_FILE": "X"],
            kinds: [.directory, .fifo]),
        Source(
            description: "AWS_WEB_IDENTITY_TOKEN_FILE", arguments: iam,
            environment: ["AWS_WEB_IDENTITY_TOKEN_FILE": "X", "AWS_ROLE_ARN": "arn:aws:iam::123456789012:role/r"],
            kinds: [.directory, .missing]),
        Source(
            description: "AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE", arguments: iam,
            environment: [
                "AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE": "X",
                "AWS_CONTAINER_CREDENTIALS_FULL_URI": closed + "/credentials",
            ],
            kinds: [.directory, .missing]),
        // Found by gqlpatch: 78 (a missing one is simply not there).
        Source(
            description: "./schema.graphql", arguments: ["--dry-run"] + get, foundAt: "schema.graphql",
            kinds: [.directory, .fifo]),
        Source(
            description: "./amplify_outputs.json", arguments: ["--dry-run", "--schema", schema] + get,
            foundAt: "amplify_outputs.json",
            kinds: [.directory, .fifo]),
        Source(
            description: "./amplifyconfiguration.json", arguments: ["--dry-run", "--schema", schema] + get,
            foundAt: "amplifyconfiguration.json", kinds: [.directory]),
        Source(
            description: "transform.conf.json beside --schema",
            arguments: ["--dry-run", "--schema", "FOLDER/app/schema.graphql"] + get,
            foundAt: "app/transform.conf.json", schemaCopy: "app/schema.graphql", kinds: [.directory, .fifo]),
        Source(description: "~/.aws/config", arguments: iam, foundAt: ".aws/config", kinds: [.directory, .fifo]),
        Source(
            description: "~/.aws/credentials", arguments: iam, foundAt: ".aws/credentials", kinds: [.directory]),
        Source(
            description: "web_identity_token_file in ~/.aws/config", arguments: iam,
            awsConfig: "[default]\nrole_arn = arn:aws:iam::123456789012:role/r\nweb_identity_token_file = X\n",
            kinds: [.directory, .missing]),
    ]

    static var cases: [(Source, Kind)] { sources.flatMap { source in source.kinds.map { (source, $0) } } }

    @Test(arguments: cases)
    func oneWordingOneRule(source: Source, kind: Kind) throws {
        let folder = try BoundedReadEndToEndTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(source.foundAt ?? "named").path
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        switch kind {
        case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case .missing: break
        case .danglingLink:
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + "-gone")
        case .fifo: #expect(mkfifo(path, 0o600) == 0)
        }
        if let copy = source.schemaCopy {
            try FileManager.default.copyItem(atPath: Self.schema, toPath: folder.appendingPathComponent(copy).path)
        }
        let substitute = { (text: String) in
            PathPlaceholder.substitute(text, with: path).replacingOccurrences(of: "FOLDER", with: folder.path)
        }
        if let config = source.awsConfig {
            let aws = folder.appendingPathComponent(".aws")
            try FileManager.default.createDirectory(at: aws, withIntermediateDirectories: true)
            try substitute(config).write(to: aws.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        }
        // No real home, instance metadata or STS: a run that got past the file would fail otherwise.
        var environment = [
            "HOME": folder.path, "AWS_EC2_METADATA_DISABLED": "true", "AWS_ENDPOINT_URL_STS": Self.closed,
        ]
        environment.merge(source.environment.mapValues(substitute)) { _, new in new }
        let result = try GQLPatchRun.run(
            source.arguments.map(substitute), environment: environment, in: folder, timeout: 20)
        let reason =
            kind == .directory && source.takesSchemaFolder ? "the schema folder holds no files" : kind.reason
        // A schema path the user gave says where it came from.
        let origin =
            ["--schema", "GQLPATCH_SCHEMA"].contains(source.description)
            ? " (the path \(source.description) gives)" : ""
        result.expectFailure(source.code, "gqlpatch: error: cannot read \(path): \(reason)\(origin)\n")
    }
}
