import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import GQLPatchTestSupport
import HTTP
import Testing

/// `--max-response-mb N` (hidden, documented in the README): parsed, checked, and given to the
/// transport when it is made (`TransportConfiguration`), before anything is sent.
@Suite struct ResponseLimitTests {
    static let schema = "type Item @model {\n  id: ID!\n  name: String\n}\n"

    @Test func maxResponseMegabytesReachesTheTransport() async {
        let run = CapturedRun()
        let body = #"{"data": {"updateItem": {"id": "item-1", "name": "\#(String(repeating: "x", count: 2 << 20))"}}}"#
        let code = await run.run(
            ["--max-response-mb", "1", "update", "Item", "--id", "item-1", "--set", "name=Lamp"], schema: Self.schema,
            transports: TransportMaker { configuration throws(GQLPatchError) in
                MadeTransport(CannedTransport(body: body, limit: configuration.maximumResponseBytes))
            })
        #expect(code == 76)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "gqlpatch: error: the response is larger than 1048576 bytes\n")
    }

    @Test(arguments: ["0", "-1", "4097", "1.5", "lots"])
    func maxResponseMegabytesMustBeAWholeNumberInRange(value: String) throws {
        do {
            _ = try CommandLineParser.parse(["--max-response-mb", value, "--version"])
            Issue.record("'\(value)' was accepted")
        } catch {
            #expect(error.code == .usage)
            #expect(error.message == "--max-response-mb expects a whole number of MB from 1 to 4096, got '\(value)'")
        }
    }

    @Test func maxResponseMegabytesIsParsed() throws {
        #expect(
            try CommandLineParser.parse(["--max-response-mb", "3", "--version"]).options.maxResponseBytes == 3 << 20)
        #expect(try CommandLineParser.parse(["--version"]).options.maxResponseBytes == nil)
    }
}
