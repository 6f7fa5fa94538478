import Foundation
import JSON
import Testing

/// Every broken input in `Tests/Fixtures/bad-input/cases.json`, run through the built binary against
/// one emulator with a request log: each gives its exit code and message, prints nothing on stdout,
/// and sends nothing (the request log stays empty).
@Suite struct BadInputEndToEndTests {
    struct Case: CustomStringConvertible {
        var file: String
        var use: String
        var exit: Int32
        var stderr: String

        var description: String { "\(use) \(file)" }
    }

    static func cases() throws -> [Case] {
        let manifest = try JSONValue.parse(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("bad-input/cases.json")))))
        return try (manifest["cases"]?.arrayValue ?? []).map { entry in
            guard let file = entry["file"]?.stringValue, let use = entry["use"]?.stringValue,
                let code = entry["exit"]?.intValue, let stderr = entry["stderr"]?.stringValue
            else { throw HarnessError("cases.json: incomplete case \(entry)") }
            return Case(file: file, use: use, exit: Int32(code), stderr: stderr)
        }
    }

    /// The command line (and environment) that feeds `path` to gqlpatch the way `use` says.
    static func invocation(_ use: String, path: String, emulator: Emulator) throws -> ([String], [String: String]) {
        let base = ["--endpoint", emulator.endpoint, "--schema", TestPaths.schema]
        let update = ["update", "Item", "--id", "item-1"]
        let key = ["--api-key", Emulator.apiKey]
        let isolated = [
            "HOME": emulator.folder.path, "AWS_EC2_METADATA_DISABLED": "true",
            "AWS_CONFIG_FILE": emulator.folder.appendingPathComponent("no-config").path,
            "AWS_SHARED_CREDENTIALS_FILE": emulator.folder.appendingPathComponent("no-credentials").path,
        ]
        switch use {
        case "--schema":
            return (
                ["--endpoint", emulator.endpoint, "--schema", path] + key + update + ["--set", "name=Lamp"], isolated
            )
        case "--config":
            return (base + key + ["--config", path] + update + ["--set", "name=Lamp"], isolated)
        case "--patch":
            return (base + key + update + ["--patch", path], isolated)
        case "AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE":
            var environment = isolated
            environment[use] = path
            let region = use == "AWS_CONFIG_FILE" ? [] : ["--region", "eu-west-1"]
            return (base + ["--auth", "iam"] + region + update + ["--set", "name=Lamp"], environment)
        default:
            guard use.hasPrefix("--set "), use.hasSuffix("=@") else {
                throw HarnessError("cases.json: unknown use '\(use)'")
            }
            let field = use.dropFirst("--set ".count).dropLast(2)
            return (base + key + update + ["--set", "\(field)=@\(path)"], isolated)
        }
    }

    @Test func everyBadInputIsRefusedBeforeAnyRequest() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 40, "cases.json holds \(cases.count) cases")
        let emulator = try Emulator()
        defer { emulator.stop() }
        for item in cases {
            let path = TestPaths.fixture("bad-input/\(item.file)")
            #expect(FileManager.default.fileExists(atPath: path), "\(item): no such fixture")
            let (arguments, environment) = try Self.invocation(item.use, path: path, emulator: emulator)
            let result = try GQLPatchRun.run(arguments, environment: environment, in: emulator.folder)
            let expected = item.stderr.replacingOccurrences(of: "{path}", with: path)
            #expect(result.status == item.exit, "\(item): \(result)")
            #expect(result.stderr.hasPrefix(expected), "\(item): expected stderr to start with \(expected)\n\(result)")
            #expect(result.stdout.isEmpty, "\(item): \(result)")
            #expect(try emulator.requests().isEmpty, "\(item) sent a request")
        }
    }
}
