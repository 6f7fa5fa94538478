import Foundation
import JSON

/// Runs the built `gqlpatch` binary as a user would, in a scratch working directory (so no
/// stray schema.graphql or Amplify config is discovered by accident).
enum GQLPatchRun {
    /// `timeout` only guards against a hang; the tests never measure time.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil, in folder: URL? = nil,
        timeout: Double = 60, stdoutToFile: Bool = false
    ) throws -> ProcessResult {
        try TestPaths.requireTools()
        let directory = folder ?? FileManager.default.temporaryDirectory
        return try CommandRunner.run(
            TestPaths.binary, arguments, environment: environment, stdin: stdin, workingDirectory: directory.path,
            timeout: timeout, stdoutToFile: stdoutToFile)
    }
}

extension Emulator {
    /// Runs gqlpatch against this emulator with its endpoint and API key and the given schema.
    /// `timeout` only guards against a hang (a large seed on a loaded machine takes minutes).
    func gqlpatch(
        _ arguments: [String], schema: String = TestPaths.schema, environment: [String: String] = [:],
        stdin: String? = nil, stdoutToFile: Bool = false, timeout: Double = 60
    ) throws -> ProcessResult {
        try GQLPatchRun.run(
            ["--endpoint", endpoint, "--api-key", Emulator.apiKey, "--schema", schema] + arguments,
            environment: environment, stdin: stdin, in: folder, timeout: timeout, stdoutToFile: stdoutToFile)
    }

    /// The GraphQL requests (bodies) received so far.
    func bodies() throws -> [JSONValue] {
        try requests().compactMap { $0["body"] }
    }

    /// The GraphQL requests received, but the probe `import` and `copy` send before anything else
    /// (`query GQLPatchProbe { __typename }`: it reads and writes nothing).
    func bodiesBesidesProbe() throws -> [JSONValue] {
        try bodies().filter { $0["operationName"] != "GQLPatchProbe" }
    }

    /// Writes a file into this emulator's scratch folder and returns its path.
    func file(_ name: String, _ contents: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Creates a record through the emulator and returns it.
    @discardableResult
    func create(_ model: String, _ input: JSONObject, select: String = "id") throws -> JSONValue {
        let response = try graphQL(
            "mutation C($input: Create\(model)Input!) { create\(model)(input: $input) { \(select) } }",
            variables: JSONObject([("input", .object(input))]))
        guard let item = response["data"]?["create\(model)"], !item.isNull else {
            throw HarnessError("seeding \(model) failed: \(response)")
        }
        return item
    }
}
