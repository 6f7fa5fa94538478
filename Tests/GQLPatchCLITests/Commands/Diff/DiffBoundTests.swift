import GQLPatchClient
import GQLPatchSettings
import GQLPatchSupport
import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchCLI

/// `diff` holds at most `maximumHeld` records of a model's source: one more is refused with 65 and
/// the way out, before the target is read.
@Suite struct DiffBoundTests {
    @Test func moreSourceRecordsThanTheBoundAreRefused() async throws {
        let page = #"{"data": {"listItems": {"items": [{"id": "1"}, {"id": "2"}, {"id": "3"}], "nextToken": null}}}"#
        let transport = ScriptedTransport([.graphQL(page)])
        let context = RunContext(
            console: .discarding,
            files: .memory(["/w/schema.graphql": Array("type Item @model { id: ID! name: String }".utf8)]),
            transport: transport, workingDirectory: "/w")
        let options = try CommandLineParser.parse([
            "--endpoint", "http://127.0.0.1:9/graphql", "--api-key", "k", "list", "Item",
        ]).options
        let settings = try await Settings.resolve(options.settingsInput, environment: [:], context: context.settings)
        var diff = DiffOptions()
        diff.models = ["Item"]
        var command = DiffCommand(options: diff, from: settings, to: settings, context: context)
        command.maximumHeld = 2
        let refused = await Self.outcome(of: command)
        #expect(refused?.code == .invalidInput)
        #expect(
            refused?.message.hasPrefix("the source's Item has more than 2 records") == true,
            "\(String(describing: refused))")
        #expect(transport.requests == 1, "the target was not read")
        command.maximumHeld = 3
        #expect(await Self.outcome(of: command) == nil, "three records under a bound of three")
    }

    /// The error the command ends with; nil when it ends well.
    static func outcome(of command: DiffCommand) async -> GQLPatchError? {
        do throws(GQLPatchError) {
            _ = try await command.run()
            return nil
        } catch {
            return error
        }
    }
}
