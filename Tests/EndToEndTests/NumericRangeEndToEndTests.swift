import Foundation
import JSON
import Testing

/// Every numeric flag and every numeric `apply` line field is range-checked when it is read: exit 64
/// (flags) or 65 (apply lines) with the allowed range, nothing sent. They used to trap
/// (`--timeout 1e16`, `--rate 1e-12`: exit 132), wait 31 years between requests (`--rate 1e-9`) or
/// be sent although GraphQL's `Int` is 32-bit (`--page-size 2147483648`).
@Suite struct NumericRangeEndToEndTests {
    struct OutOfRange: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let update = ["update", "Item", "--id", "item-1", "--set", "name=Lamp"]

    @Test(arguments: [
        OutOfRange(
            arguments: ["--timeout", "1e16"] + NumericRangeEndToEndTests.update,
            message: "--timeout expects a number of seconds from 0.001 to 86400, got '1e16'"),
        OutOfRange(
            arguments: ["--timeout", "0"] + NumericRangeEndToEndTests.update,
            message: "--timeout expects a number of seconds from 0.001 to 86400, got '0'"),
        OutOfRange(
            arguments: ["--retry-conflicts", "1000000000000"] + NumericRangeEndToEndTests.update,
            message: "--retry-conflicts expects a whole number from 0 to 100, got '1000000000000'"),
        OutOfRange(
            arguments: ["--max-response-mb", "99999999999999999999"] + NumericRangeEndToEndTests.update,
            message: "--max-response-mb expects a whole number of MB from 1 to 4096, got '99999999999999999999'"),
        OutOfRange(
            arguments: NumericRangeEndToEndTests.update + ["--expect-version", "2147483648"],
            message: "--expect-version expects a whole number from 0 to 2147483647, got '2147483648'"),
        OutOfRange(
            arguments: ["delete", "Item", "--id", "item-1", "--expect-version", "-1"],
            message: "--expect-version expects a whole number from 0 to 2147483647, got '-1'"),
        OutOfRange(
            arguments: ["list", "Item", "--page-size", "2147483648"],
            message: "--page-size expects a whole number from 1 to 2147483647, got '2147483648'"),
        OutOfRange(
            arguments: ["list", "Item", "--limit", "9223372036854775808"],
            message: "--limit expects a whole number from 1 to 2147483647, got '9223372036854775808'"),
        OutOfRange(
            arguments: ["delete", "Item", "--id", "item-1", "--cascade", "--page-size", "2147483648"],
            message: "--page-size expects a whole number from 1 to 2147483647, got '2147483648'"),
        OutOfRange(
            arguments: ["apply", "-", "--rate", "1e-12"],
            message: "--rate expects a number of requests a second from 0.01 to 1000000, got '1e-12'"),
        OutOfRange(
            arguments: ["apply", "-", "--rate", "1e-9"],
            message: "--rate expects a number of requests a second from 0.01 to 1000000, got '1e-9'"),
        OutOfRange(
            arguments: ["apply", "-", "-j", "1e3"],
            message: "-j expects a whole number from 1 to 256, got '1e3'"),
        OutOfRange(
            arguments: ["apply", "-", "--max-attempts", "101"],
            message: "--max-attempts expects a whole number from 1 to 100, got '101'"),
    ])
    func anOutOfRangeFlagIsAUsageErrorNamingTheRange(_ case_: OutOfRange) throws {
        let server = try ScriptedServer { _, _ in .init(status: 200, body: #"{"data": {}}"#) }
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            ["--endpoint", server.endpoint, "--api-key", "k", "--schema", TestPaths.schema] + case_.arguments,
            stdin: #"{"op": "update", "model": "Item", "key": {"id": "1"}, "set": {"name": "x"}}"# + "\n")
        result.expectFailure(64, "gqlpatch: error: \(case_.message)\n")
        #expect(server.received.isEmpty, "nothing may be sent")
    }

    /// The largest allowed timeout is used as it is (no trap converting it to milliseconds).
    @Test func theLargestTimeoutWorks() throws {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey])
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "item-1", "name": "Chair"])
        let result = try emulator.gqlpatch(["--timeout", "86400", "--conflict-resolution", "off"] + Self.update)
        #expect(try result.singleDocument()["name"] == "Lamp")
    }

    @Test(arguments: ["2147483648", "1e30", "-1", "1.5"])
    func anApplyLineWithAnOutOfRangeExpectVersionIsRefused(_ version: String) throws {
        let server = try ScriptedServer { _, _ in .init(status: 200, body: #"{"data": {}}"#) }
        defer { server.stop() }
        let line =
            #"{"op": "update", "model": "Item", "key": {"id": "1"}, "set": {"name": "x"}, "expectVersion": \#(version)}"#
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-range-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.jsonl")
        try (line + "\n").write(to: input, atomically: true, encoding: .utf8)
        let result = try GQLPatchRun.run(
            [
                "--endpoint", server.endpoint, "--api-key", "k", "--schema", TestPaths.schema, "--conflict-resolution",
                "on",
                "apply", input.path,
            ], in: folder)
        result.expectFailure(
            65, "\(input.path):1: error: \"expectVersion\" must be a whole number from 0 to 2147483647, got ")
        #expect(server.received.isEmpty, "nothing may be sent")
    }
}
