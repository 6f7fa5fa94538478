import Foundation
import JSON
import Testing

/// Every byte of an answer is bounded, in a command and in a batch (issue 33 #3, #4, #5): endless
/// interim answers and chunk extensions on tiny chunks stop within the head and framing limits in
/// little memory; a header line past 100 KB that arrives whole, and a NUL in a header, are refused;
/// an answer that comes before the request is all sent (a 413, then the server closes) is reported
/// as that answer.
@Suite struct HostileAnswerBoundsEndToEndTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var mode: String
        /// The start of the message (the command's, after `gqlpatch: error: `; the line's error).
        var message: String
        var testDescription: String { mode }
    }

    static let cases: [Case] = [
        Case(mode: "endless-103", message: "the response from 127.0.0.1 is not valid HTTP: its headers are too large"),
        Case(
            mode: "chunk-ext",
            message:
                "the response from 127.0.0.1 broke off or is malformed: its chunked encoding carries more framing than body"
        ),
        Case(mode: "long-header", message: "the response from 127.0.0.1 is not valid HTTP: its headers are too large"),
        Case(mode: "nul-header", message: "the response from 127.0.0.1 is not valid HTTP: a header holds a NUL byte"),
    ]

    static func base(_ server: HostileServer) -> [String] {
        [
            "--endpoint", server.endpoint, "--api-key", "da2-bounds", "--schema", TestPaths.schema,
            "--conflict-resolution", "off", "--compact",
        ]
    }

    @Test(arguments: cases)
    func aCommandStopsWithinTheLimits(_ item: Case) throws {
        let server = try HostileServer(mode: item.mode, ["--size-mb", "64"])
        defer { server.stop() }
        let outcome = try MeasuredRun.run(
            Self.base(server) + ["update", "Item", "--id", "item-1", "--set", "name=Lamp"], in: server.folder,
            guardSeconds: 60)
        #expect(!outcome.killed, "\(outcome)")
        outcome.result.expectFailure(76, "gqlpatch: error: \(item.message)")
        #expect(outcome.peakKB < 50_000, "peak \(outcome.peakKB) kB")
    }

    @Test(arguments: cases)
    func aBatchLineStopsWithinTheLimits(_ item: Case) throws {
        let server = try HostileServer(mode: item.mode, ["--size-mb", "64"])
        defer { server.stop() }
        let input = server.folder.appendingPathComponent("in.jsonl")
        try Data(#"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"name":"Lamp"}}"#.appending("\n").utf8)
            .write(to: input)
        let outcome = try MeasuredRun.run(
            Self.base(server) + ["apply", input.path, "--max-attempts", "1"], in: server.folder, guardSeconds: 60)
        #expect(!outcome.killed, "\(outcome)")
        #expect(outcome.result.status == 4, "\(outcome)")
        let line = try JSONValue.parse(outcome.result.stdout)
        #expect(line["status"] == "failed", "\(outcome)")
        #expect(line["error"]?.stringValue?.hasPrefix(item.message) == true, "\(outcome)")
        #expect(outcome.peakKB < 50_000, "peak \(outcome.peakKB) kB")
    }

    /// 8 MB sent to a server that answers 413 after the head and closes, or keeps the connection
    /// open without reading the rest: the 413 is reported, not a lost connection, and at once, not
    /// when `--timeout` ends the stalled send (the guard stops a run that waits for it).
    @Test(arguments: ["early-413", "early-413-open"]) func anEarly413IsReportedAsA413(mode: String) throws {
        let server = try HostileServer(mode: mode)
        defer { server.stop() }
        let big = server.folder.appendingPathComponent("big.txt")
        try Data(repeating: UInt8(ascii: "a"), count: 8 << 20).write(to: big)
        let measured = try MeasuredRun.run(
            Self.base(server) + [
                "--timeout", "50", "update", "Item", "--id", "item-1", "--set", "description=@" + big.path,
            ],
            in: server.folder, guardSeconds: 25)
        #expect(!measured.killed, "still sending when the guard stopped it: \(measured)")
        let update = measured.result
        update.expectFailure(
            76, "gqlpatch: error: HTTP 413 from 127.0.0.1:\(server.port): the request is larger than the API accepts (")
        #expect(!update.stderr.contains("may or may not"), "\(update)")

        let line =
            #"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"description":"\#(String(repeating: "b", count: 8 << 20))"}}"#
        let input = server.folder.appendingPathComponent("in.jsonl")
        try Data((line + "\n").utf8).write(to: input)
        let apply = try GQLPatchRun.run(
            Self.base(server) + ["--timeout", "50", "apply", input.path, "--max-attempts", "1"], in: server.folder,
            stdoutToFile: true)
        #expect(apply.status == 4, "\(apply.stderr)")
        let result = try JSONValue.parse(apply.stdout)
        #expect(
            result["error"]?.stringValue?.hasPrefix(
                "HTTP 413 from 127.0.0.1:\(server.port): the request is larger than the API accepts (") == true,
            "\(apply.stdout.prefix(500))")
    }
}
