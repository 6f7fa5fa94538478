import Foundation
import JSON
import Testing

/// An emulator that accepts SigV4 from `accepted` identities (and the API key, used only to seed
/// and read data), seeded with `Item item-1`, plus an empty scratch `HOME` for `~/.aws` files.
/// gqlpatch runs with `--auth iam` and no API key.
final class IAMTestbed: @unchecked Sendable {
    // @unchecked: used by the one test that owns it.
    let emulator: Emulator
    let home: URL

    init(accepting accepted: [AWSStubIdentity], region: String = "us-east-1") throws {
        var arguments = ["--api-key", Emulator.apiKey]
        for identity in accepted { arguments += ["--iam", identity.emulatorArgument(region: region)] }
        emulator = try Emulator(arguments: arguments)
        home = emulator.folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try emulator.create("Item", ["id": "item-1", "name": "Chair"])
    }

    /// Writes `~/.aws/<name>` in the scratch home and returns its path.
    @discardableResult
    func awsFile(_ name: String, _ contents: String) throws -> String {
        let folder = home.appendingPathComponent(".aws")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs `gqlpatch --endpoint <emulator> --schema … --auth iam <arguments>` with `HOME` set to the
    /// scratch home, instance metadata disabled (unless `environment` says otherwise) and `environment`.
    func gqlpatch(
        _ arguments: [String], environment: [String: String] = [:], endpoint: String? = nil, stdin: String? = nil
    ) throws -> ProcessResult {
        var env = ["HOME": home.path, "AWS_EC2_METADATA_DISABLED": "true"]
        env.merge(environment) { _, new in new }
        return try GQLPatchRun.run(
            ["--endpoint", endpoint ?? emulator.endpoint, "--schema", TestPaths.schema, "--auth", "iam"] + arguments,
            environment: env, stdin: stdin, in: emulator.folder)
    }

    /// `update Item --id item-1 --set name=<name>` with `--region us-east-1` unless `region` is nil.
    func update(
        name: String, region: String? = "us-east-1", extra: [String] = [], environment: [String: String] = [:]
    ) throws -> ProcessResult {
        try gqlpatch(
            (region.map { ["--region", $0] } ?? []) + extra + [
                "update", "Item", "--id", "item-1", "--set", "name=\(name)",
            ],
            environment: environment)
    }

    /// The name stored for item-1 (read with the API key).
    func storedName() throws -> JSONValue? {
        try emulator.graphQL(#"{ getItem(id: "item-1") { name } }"#)["data"]?["getItem"]?["name"]
    }

    /// The emulator's log entries of requests that did not carry the seeding API key (gqlpatch's).
    func signedRequests() throws -> [JSONValue] {
        try emulator.requests().filter { $0["headers"]?["x-api-key"] == nil }
    }

    /// Checks that `result` succeeded, the record now has `name`, and the emulator accepted exactly
    /// one request from gqlpatch, SigV4-signed with `identity`'s key id for us-east-1/appsync and
    /// carrying its session token (or none).
    func expectAccepted(
        _ result: ProcessResult, name: String, signedBy identity: AWSStubIdentity, region: String = "us-east-1",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(try result.json()["name"] == .string(name), sourceLocation: sourceLocation)
        #expect(try storedName() == .string(name), sourceLocation: sourceLocation)
        let requests = try signedRequests()
        #expect(requests.count == 1, "\(requests)", sourceLocation: sourceLocation)
        let request = try #require(requests.last, sourceLocation: sourceLocation)
        #expect(request["status"] == 200, sourceLocation: sourceLocation)
        let authorization = request["headers"]?["authorization"]?.stringValue ?? ""
        #expect(
            authorization.hasPrefix("AWS4-HMAC-SHA256 Credential=\(identity.accessKeyID)/"),
            "\(authorization)", sourceLocation: sourceLocation)
        #expect(
            authorization.contains("/\(region)/appsync/aws4_request,"), "\(authorization)",
            sourceLocation: sourceLocation)
        #expect(
            request["headers"]?["x-amz-security-token"]?.stringValue == identity.sessionToken,
            sourceLocation: sourceLocation)
    }

    func stop() { emulator.stop() }
}
