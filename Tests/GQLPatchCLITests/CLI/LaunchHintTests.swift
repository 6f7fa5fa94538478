import Testing

@testable import GQLPatchCLI

@Suite struct LaunchHintTests {
    private func hint(_ words: String...) -> Bool {
        LaunchHint.mayConnect(words.map { Array($0.utf8) })
    }

    @Test func aCommandThatSendsStartsTheLoad() {
        #expect(hint("update", "Item", "--id", "r1", "--set", "name=Lamp"))
        #expect(hint("--endpoint", "https://x.example/graphql", "--auth", "iam", "get", "Item", "--id", "r1"))
        #expect(hint("apply", "batch.jsonl", "-j", "32"))
        #expect(hint("schema", "pull"))
        #expect(hint("auth", "login"))
        // Words after `--` are values (an id, a field value), not switches.
        #expect(hint("get", "Item", "--id", "--", "--help"))
    }

    @Test func aRunThatSendsNothingDoesNot() {
        #expect(!hint())
        #expect(!hint("--version"))
        #expect(!hint("--help"))
        #expect(!hint("update", "-h"))
        #expect(!hint("help", "update"))
        #expect(!hint("--dry-run", "update", "Item", "--id", "r1", "--set", "name=Lamp"))
        #expect(!hint("schema"))
        #expect(!hint("schema", "Item"))
        #expect(!hint("auth", "status"))
        #expect(!hint("completion", "bash"))
        #expect(!hint("__complete", "update", "Item", "--set", ""))
    }

    /// Only a batch loads libcurl early: a one-command run sends over its own connection.
    @Test func onlyABatchStartsLoadingLibcurl() {
        let batch = { (words: [String]) in LaunchHint.sendsBatch(words.map { Array($0.utf8) }) }
        #expect(batch(["apply", "batch.jsonl", "-j", "32"]))
        #expect(
            batch([
                "--endpoint", "https://x.example/graphql", "insert", "Step", "--key", "recipeID=r1", "--at", "row=2",
            ]))
        #expect(batch(["renumber", "Step", "--field", "row"]))
        #expect(!batch(["update", "Item", "--id", "r1", "--set", "name=Lamp"]))
        #expect(!batch(["get", "Item", "--id", "--", "apply"]))
        #expect(!batch(["apply", "batch.jsonl", "--dry-run"]))
        #expect(!batch(["apply", "--help"]))
    }

    /// The hint agrees with what the parsed command does: every command that sends nothing on a dry
    /// run or ever is told apart by its words (a sample of each command's own forms).
    @Test func theHintAgreesWithTheParserOnTheLocalForms() throws {
        for words in [["schema"], ["schema", "Item"], ["update", "Item", "--id", "1", "--set", "a=b", "--dry-run"]] {
            let invocation = try CommandLineParser.parse(words)
            let local = invocation.options.dryRun || invocation.command.name == "schema"
            #expect(local, "\(words)")
            #expect(!LaunchHint.mayConnect(words.map { Array($0.utf8) }), "\(words)")
        }
    }
}
