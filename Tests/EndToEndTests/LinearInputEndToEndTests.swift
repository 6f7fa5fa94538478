import Foundation
import Testing

/// Issue 12, item 20: inputs whose handling was quadratic. Nothing here is timed: each input is large
/// enough that the old quadratic code cannot finish inside a generous hang guard (a source type of
/// 200,000 fields took over a minute in a release build, hours in a debug one; a `source_profile`
/// chain of 100,000 took n² memory as well, about 80 GB), while linear code takes seconds. The
/// address-space limit keeps a regression from eating the machine's memory before the guard.
@Suite struct LinearInputEndToEndTests {
    static let guardSeconds = 90.0
    static let addressSpaceLimitKB = 6 * 1024 * 1024

    @Test func aSourceTypeOf200000FieldsLoads() throws {
        let folder = try BoundedReadEndToEndTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = 200_000
        var text = "type Item @model {\n  id: ID!\n"
        text.reserveCapacity(count * 20)
        for index in 0..<count { text += "  f\(index): String\n" }
        text += "}\n"
        let schema = folder.appendingPathComponent("wide.graphql").path
        try text.write(toFile: schema, atomically: true, encoding: .utf8)

        let outcome = try MeasuredRun.run(
            [
                "--dry-run", "--compact", "--schema", schema, "update", "Item", "--id", "1", "--set",
                "f\(count - 1)=last",
            ],
            in: folder, guardSeconds: Self.guardSeconds, addressSpaceLimitKB: Self.addressSpaceLimitKB)
        #expect(!outcome.killed, "\(outcome)")
        let plan = try outcome.result.singleDocument()
        #expect(
            plan["steps"]?.arrayValue?.first?["variables"]?["input"]?["f\(count - 1)"] == .string("last"), "\(outcome)")
    }

    @Test func aSourceProfileChain100000DeepIsWalked() throws {
        let folder = try BoundedReadEndToEndTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let depth = 100_000
        var text = ""
        text.reserveCapacity(depth * 90)
        for index in 0..<depth {
            text +=
                "[profile p\(index)]\nrole_arn = arn:aws:iam::123456789012:role/r\(index)\nsource_profile = p\(index + 1)\n"
        }
        let config = folder.appendingPathComponent("config").path
        try text.write(toFile: config, atomically: true, encoding: .utf8)

        // The chain ends in a profile that does not exist: found at the bottom, before any STS call.
        let outcome = try MeasuredRun.run(
            [
                "--endpoint", "http://127.0.0.1:9/graphql", "--auth", "iam", "--region", "eu-west-1", "--profile", "p0",
                "--schema", TestPaths.schema, "get", "Item", "--id", "1",
            ],
            environment: [
                "AWS_CONFIG_FILE": config, "AWS_SHARED_CREDENTIALS_FILE": folder.appendingPathComponent("none").path,
            ],
            in: folder, guardSeconds: Self.guardSeconds, addressSpaceLimitKB: Self.addressSpaceLimitKB)
        #expect(!outcome.killed, "\(outcome)")
        outcome.result.expectFailure(
            78, "\(config):\(depth * 3):1: error: source_profile p\(depth) of profile p\(depth - 1) does not exist")
    }
}
