import GQLPatchTestSupport
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// `gqlpatch apply`'s command line.
@Suite struct ApplyOptionsTests {
    /// `--shard I/N --journal PATH`: each shard's job has a journal of its own.
    @Test func eachShardHasItsOwnJournal() {
        var options = ApplyOptions()
        options.journal = "j"
        #expect(options.journalPath == "j")
        options.shard = ApplyShard(index: 1, count: 3)
        #expect(options.journalPath == "j.shard-1-of-3")
    }

    private func parse(_ arguments: [String]) throws(GQLPatchError) -> ApplyOptions {
        let invocation = try CommandLineParser.parse(arguments)
        guard let options = invocation.command.parsed(as: ApplyOptions.self) else { throw .usage("not apply") }
        return options
    }

    @Test func defaults() throws {
        let options = try parse(["apply"])
        #expect(options.path == "-")
        #expect(options.concurrency == 8)
        #expect(options.maxAttempts == 5)
        #expect(options.rate == nil)
        #expect(!options.atomic && !options.resume && !options.continueOnError)
        #expect(options.journal == nil)
    }

    @Test func everyOption() throws {
        let options = try parse([
            "apply", "in.jsonl", "-j", "16", "--rate=50", "--atomic", "--journal", "j.log", "--resume",
            "--max-attempts", "3",
        ])
        #expect(options.path == "in.jsonl")
        #expect(options.concurrency == 16)
        #expect(options.rate == 50)
        #expect(options.atomic && options.resume)
        #expect(options.journal == "j.log")
        #expect(options.maxAttempts == 3)
        #expect(try parse(["apply", "--concurrency=2", "-"]).concurrency == 2)
        #expect(try parse(["apply", "--shard", "2/4"]).shard == ApplyShard(index: 2, count: 4))
    }

    @Test func rateAuto() throws {
        let auto = try parse(["apply", "--rate", "auto", "-j", "64"])
        #expect(auto.adaptiveRate && auto.rate == nil && auto.concurrency == 64)
        #expect(!(try parse(["apply"]).adaptiveRate), "a fixed concurrency stays the default")
        // The last one given wins, as for every option that takes one value.
        let fixed = try parse(["apply", "--rate", "auto", "--rate", "20"])
        #expect(!fixed.adaptiveRate && fixed.rate == 20)
        #expect(try parse(["apply", "--rate", "20", "--rate=auto"]).adaptiveRate)
        let error = try #require(throws: GQLPatchError.self) { try parse(["apply", "--rate", "Auto"]) }
        #expect(error.code == .usage)
        #expect(
            error.message == "--rate expects a number of requests a second from 0.01 to 1000000, or auto, got 'Auto'")
    }

    @Test(arguments: [
        (["apply", "-j", "0"], "-j expects a whole number from 1 to 256, got '0'"),
        (["apply", "--concurrency", "many"], "--concurrency expects a whole number from 1 to 256, got 'many'"),
        (["apply", "--rate", "0"], "--rate expects a number of requests a second from 0.01 to 1000000, got '0'"),
        (["apply", "--max-attempts", "0"], "--max-attempts expects a whole number from 1 to 100, got '0'"),
        (["apply", "--resume"], "--resume needs --journal PATH (the journal of the run to resume)"),
        (["apply", "--journal", "-"], "--journal expects a file path, got '-'"),
        (["apply", "a.jsonl", "b.jsonl"], "apply reads one input: unexpected argument 'b.jsonl'"),
        (
            ["apply", "--atomic", "--continue-on-error"],
            "--atomic and --continue-on-error contradict each other (--atomic undoes everything at the first failure)"
        ),
        (["apply", "--shard", "0/4"], "--shard expects I/N with 1 <= I <= N <= 10000 (for example 2/4), got '0/4'"),
        (["apply", "--shard", "5/4"], "--shard expects I/N with 1 <= I <= N <= 10000 (for example 2/4), got '5/4'"),
        (
            ["apply", "--shard", "2/4", "--atomic"],
            "--atomic and --shard do not go together: each shard's job would undo only its own lines, not the whole input"
        ),
    ])
    func refusals(arguments: [String], message: String) throws {
        let error = try #require(throws: GQLPatchError.self) { try parse(arguments) }
        #expect(error.code == .usage)
        #expect(error.message == message)
    }
}
