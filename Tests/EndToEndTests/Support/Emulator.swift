import Foundation
import JSON

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One running AppSync emulator (Tests/AppSyncEmulator) on a free loopback port, with its own
/// request log. Stopped by `stop()`; every test starts its own, so tests run side by side.
final class Emulator: @unchecked Sendable {
    // @unchecked: the process handle is only touched by the test that owns the emulator.
    let port: Int
    let folder: URL
    let requestLog: URL
    private let process: Process

    var endpoint: String { "http://127.0.0.1:\(port)/graphql" }

    /// Starts the emulator on `schema` (the repo's schema.graphql by default) and waits until it listens.
    convenience init(schema: String = TestPaths.schema, arguments: [String] = ["--api-key", Emulator.apiKey]) throws {
        try self.init(source: ["--schema", schema], arguments: arguments)
    }

    /// Serves what the real v1 transformer compiled (`--serve-compiled`: compile.js's JSON output, a file).
    convenience init(servingCompiled output: String, arguments: [String] = ["--api-key", Emulator.apiKey]) throws {
        try self.init(source: ["--serve-compiled", output], arguments: arguments)
    }

    private init(source: [String], arguments: [String]) throws {
        try TestPaths.requireTools()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        requestLog = folder.appendingPathComponent("requests.jsonl")
        let portFile = folder.appendingPathComponent("port")
        (process, port) = try LoopbackServerProcess.start(
            "emulator",
            arguments: [
                TestPaths.emulator
            ] + source + [
                "--port-file", portFile.path,
                "--request-log", requestLog.path, "--seed", "7",
            ] + arguments,
            portFile: portFile, folder: folder)
    }

    static let apiKey = "da2-e2etestkey0123456789abcdef"

    /// The compiled SDL the emulator serves (`--print-schema`), written to a file in this emulator's folder.
    static func compiledSchema(
        source: String = TestPaths.schema, arguments: [String] = [], into folder: URL
    ) throws -> String {
        try TestPaths.requireTools()
        let result = try CommandRunner.run(
            TestPaths.python, [TestPaths.emulator, "--schema", source, "--print-schema"] + arguments)
        guard result.status == 0 else { throw HarnessError("--print-schema failed: \(result.stderr)") }
        let path = folder.appendingPathComponent("compiled-\(UUID().uuidString).graphql")
        try result.stdout.write(to: path, atomically: true, encoding: .utf8)
        return path.path
    }

    /// Every request the emulator received so far, one JSON object each.
    func requests() throws -> [JSONValue] {
        guard let data = FileManager.default.contents(atPath: requestLog.path) else { return [] }
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    /// Sends a GraphQL document straight to the emulator (for seeding and checking data).
    func graphQL(_ query: String, variables: JSONObject = JSONObject()) throws -> JSONValue {
        var body = JSONObject()
        body["query"] = .string(query)
        body["variables"] = .object(variables)
        var request = URLRequest(url: URL(string: endpoint)!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(Emulator.apiKey, forHTTPHeaderField: "x-api-key")
        request.httpBody = Data(JSONValue.object(body).serialized().utf8)
        let semaphore = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Data?
        nonisolated(unsafe) var failure: (any Error)?
        URLSession.shared.dataTask(with: request) { data, _, error in
            result = data
            failure = error
            semaphore.signal()
        }.resume()
        semaphore.wait()
        if let failure { throw failure }
        return try JSONValue.parse([UInt8](result ?? Data()))
    }

    func stop() {
        LoopbackServerProcess.stop(process)
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }
}
