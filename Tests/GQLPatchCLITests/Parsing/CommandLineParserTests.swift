import GQLPatchTestSupport
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct CommandLineParserTests {
    private func update(_ arguments: [String]) throws -> (UpdateOptions, GlobalOptions) {
        let invocation = try CommandLineParser.parse(arguments)
        guard let options = invocation.command.parsed(as: UpdateOptions.self) else {
            Issue.record("expected an update command, got \(invocation.command)")
            throw GQLPatchError(.usage, "not update")
        }
        return (options, invocation.options)
    }

    @Test func parsesTheUpdateCommandWithEveryChangeForm() throws {
        let (update, _) = try update([
            "update", "Item", "--id", "42", "--set", "name=Lamp", "--set", "tags:=[\"a\"]", "--set",
            "imageFile=@img.json",
            "--unset", "description", "--if", "name=Old", "--expect-version", "3", "--select", "id,name,imageFile.key",
        ])
        #expect(update.model == "Item")
        #expect(update.id == "42")
        #expect(
            update.changes == [
                FieldAssignment(field: "name", value: .text("Lamp")),
                FieldAssignment(field: "tags", value: .json("[\"a\"]")),
                FieldAssignment(field: "imageFile", value: .file("img.json")),
                FieldAssignment(field: "description", value: .null),
            ])
        #expect(update.conditions == [FieldAssignment(field: "name", value: .text("Old"))])
        #expect(update.expectVersion == 3)
        #expect(update.select == ["id", "name", "imageFile.key"])
    }

    @Test func acceptsGlobalOptionsBeforeAndAfterTheCommand() throws {
        let (update, options) = try update([
            "--endpoint", "http://127.0.0.1:1/graphql", "update", "--api-key=k", "Item", "--id", "1", "--set", "a=b",
            "--dry-run", "--compact", "--header", "X-Trace: 1", "--timeout", "2.5", "--conflict-resolution", "off",
            "--retry-conflicts", "0", "--output", "envelope", "--verbose",
        ])
        #expect(update.model == "Item")
        #expect(options.endpoint == "http://127.0.0.1:1/graphql")
        #expect(options.apiKey == "k")
        #expect(options.dryRun)
        #expect(options.pretty == false)
        #expect(options.headers == [HeaderField(name: "X-Trace", value: "1", origin: .flag)])
        #expect(options.timeout == 2.5)
        #expect(options.conflictResolution == .off)
        #expect(options.retryConflicts == 0)
        #expect(options.output == .envelope)
        #expect(options.verbose)
    }

    @Test func keepsValuesThatLookLikeOptionsOrContainEquals() throws {
        let (update, _) = try update(["update", "Item", "--id", "-7", "--set", "note=a=b", "--set", "n=--x"])
        #expect(update.id == "-7")
        #expect(update.changes[0] == FieldAssignment(field: "note", value: .text("a=b")))
        #expect(update.changes[1] == FieldAssignment(field: "n", value: .text("--x")))
    }

    @Test func compositeKeys() throws {
        let (update, _) = try update([
            "update", "RecipeStep", "--key", "recipeID=r1", "--key", "rowID=3", "--set", "quantity=2",
        ])
        #expect(
            update.keys == [
                FieldAssignment(field: "recipeID", value: .text("r1")),
                FieldAssignment(field: "rowID", value: .text("3")),
            ])
    }

    @Test func helpAndVersion() throws {
        guard case .help(let topic) = try CommandLineParser.parse(["update", "--help"]).command else {
            Issue.record("expected help")
            return
        }
        #expect(topic == "update")
        guard case .help(nil) = try CommandLineParser.parse(["-h"]).command else {
            Issue.record("expected help")
            return
        }
        guard case .help("update") = try CommandLineParser.parse(["help", "update"]).command else {
            Issue.record("expected help update")
            return
        }
        guard case .version = try CommandLineParser.parse(["--version"]).command else {
            Issue.record("expected version")
            return
        }
    }

    /// `-j8` is `-j 8`, as getopt reads an attached short option value; it used to be an unknown option.
    @Test func anAttachedShortOptionValue() throws {
        guard
            let options = try CommandLineParser.parse(["apply", "in.jsonl", "-j8"]).command.parsed(
                as: ApplyOptions.self)
        else {
            Issue.record("expected apply")
            return
        }
        #expect(options.concurrency == 8)
        #expect(CommandLineParser.commandName(in: ["--endpoint", "update", "get", "--frob"]) == "get")
        #expect(CommandLineParser.commandName(in: ["--frob", "list", "Item"]) == "list")
        #expect(CommandLineParser.commandName(in: ["--frob"]) == nil)
    }

    struct UsageCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        UsageCase(arguments: [], message: "no command given"),
        UsageCase(arguments: ["updat"], message: "unknown command 'updat' (did you mean 'update'?)"),
        UsageCase(arguments: ["update"], message: "update needs a model name"),
        UsageCase(arguments: ["update", "Item", "--set", "a=b"], message: "update needs a key: --id VALUE"),
        UsageCase(arguments: ["update", "Item", "--id", "1"], message: "update needs at least one change"),
        UsageCase(arguments: ["update", "Item", "--id"], message: "missing value for --id"),
        UsageCase(
            arguments: ["update", "Item", "--id", "1", "--sett", "a=b"],
            message: "unknown option '--sett' (did you mean '--set'?)"),
        UsageCase(
            arguments: ["update", "Item", "--id", "1", "--set", "name"],
            message: "--set expects FIELD=VALUE, FIELD:=JSON or FIELD=@PATH, got 'name'"),
        UsageCase(
            arguments: ["update", "Item", "--id", "1", "--set", "1x=a"],
            message: "--set expects FIELD=VALUE, FIELD:=JSON or FIELD=@PATH, got '1x=a' ('1x' is not a field name)"),
        UsageCase(arguments: ["update", "Item", "--id", "1", "--set", "a=@"], message: "--set a=@ needs a file path"),
        UsageCase(
            arguments: ["update", "Item", "--id", "1", "--key", "id=1", "--set", "a=b"],
            message: "give the key with --id or with --key, not both"),
        UsageCase(
            arguments: ["update", "Item", "Extra", "--id", "1", "--set", "a=b"], message: "unexpected argument 'Extra'"),
        UsageCase(
            arguments: ["--auth", "kerberos", "update"],
            message: "--auth expects one of api-key, iam, user-pool, oidc, lambda, none, got 'kerberos'"),
        UsageCase(
            arguments: ["--timeout", "0", "update"],
            message: "--timeout expects a number of seconds from 0.001 to 86400, got '0'"),
        UsageCase(arguments: ["--header", "NoColon", "update"], message: "--header expects 'Name: value', got no ':'"),
        UsageCase(
            arguments: ["--output", "xml"],
            message: "--output expects one of record, envelope, csv, tsv, table, got 'xml'"),
        UsageCase(
            arguments: ["--retry-conflicts", "-1"],
            message: "--retry-conflicts expects a whole number from 0 to 100, got '-1'"),
        UsageCase(
            arguments: ["--id", "1", "update"], message: "--id is an option of a command; put it after the command"),
        UsageCase(arguments: ["--dry-run=yes"], message: "--dry-run takes no value"),
        UsageCase(
            arguments: ["update", "Item", "--id", "1", "--set", "a=@-", "--patch", "-"],
            message: "standard input can be read only once"),
        UsageCase(
            arguments: ["update", "Item", "--id", "1", "--expect-version", "v3", "--set", "a=b"],
            message: "--expect-version expects a whole number from 0 to 2147483647, got 'v3'"),
        UsageCase(arguments: ["help", "frobnicate"], message: "no help for 'frobnicate'"),
        UsageCase(
            arguments: ["--timeout", "1e16", "update"],
            message: "--timeout expects a number of seconds from 0.001 to 86400, got '1e16'"),
        UsageCase(
            arguments: ["--timeout", "nan", "update"],
            message: "--timeout expects a number of seconds from 0.001 to 86400, got 'nan'"),
        UsageCase(
            arguments: ["--retry-conflicts", "101"],
            message: "--retry-conflicts expects a whole number from 0 to 100, got '101'"),
        UsageCase(
            arguments: ["update", "Item", "--id", "1", "--expect-version", "2147483648", "--set", "a=b"],
            message: "--expect-version expects a whole number from 0 to 2147483647, got '2147483648'"),
        UsageCase(arguments: ["apply", "-j"], message: "missing value for -j"),
    ])
    func usageErrors(_ testCase: UsageCase) {
        #expect {
            _ = try CommandLineParser.parse(testCase.arguments)
        } throws: { error in
            guard let error = error as? GQLPatchError else { return false }
            return error.code == .usage && error.message.hasPrefix(testCase.message)
        }
    }
}
