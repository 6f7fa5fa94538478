import Foundation
import JSON
import Testing

/// Every fenced example of README.md runs here, as written, against `schema.graphql` and the
/// emulator: a user's project folder (the repo's schema.graphql and a transform.conf.json turning
/// conflict detection on), the endpoint and credentials in the environment, `gqlpatch` on PATH.
/// `gqlpatch` on PATH is a shim that logs each call's exit code and the start of its stderr, so a
/// call that fails inside `|| echo` or a pipe is still seen. A block is run or excluded below with
/// its reason; a block that is neither fails the suite.
@Suite struct ReadmeExamplesEndToEndTests {
    static let readme: String =
        (try? String(contentsOfFile: TestPaths.packageRoot.appendingPathComponent("README.md").path, encoding: .utf8))
        ?? ""
    static let examples = ReadmeExample.all(in: readme)

    /// Blocks not run here, by their first command, and why.
    static let excluded: [String: String] = [
        "make demo   # see it work against a local AppSync emulator: no AWS account needed":
            "the set-up commands: .ci/run runs make demo, then make test, on a clean clone",
        "make install PREFIX=$HOME/.local     # builds a release binary into $PREFIX/bin/gqlpatch":
            "builds the release binary (minutes); the suite tests the debug build of the same code",
        "sha256sum --check SHA256SUMS":
            "needs a release tarball (make dist, minutes); the Action's test installs the same layout from a tarball",
        ".venv/bin/python Tests/AppSyncEmulator/appsync_emulator.py --schema schema.graphql --port 8080 --api-key da2-local":
            "starts a server that runs until stopped; every test here starts the same program this way (the Quick start's next block runs against it, see quickStartEmulator)",
        ".venv/bin/python Tests/AppSyncEmulator/appsync_emulator.py --schema schema.graphql --print-schema":
            "prints the compiled schema and runs no gqlpatch; Emulator.compiledSchema runs the same command for many tests",
        "make fuzz                                  # every target, 60 s each":
            "the fuzzers run for minutes each and are not part of make test",
        "make test-scale    # the scale and crash tests (about 18 minutes)":
            "runs suites of this test target (minutes); .ci/run runs make test-scale after make test",
        "make format        # rewrite the files as the formatter would":
            "rewrites the checkout it runs in; .ci/run runs make format-check on a clean clone after make test",
    ]

    static var runnable: [ReadmeExample] { examples.filter { excluded[$0.firstCommand] == nil } }

    /// The Quick start's emulator, as its README block starts it (port 8080, key `da2-local`): the
    /// blocks that talk to it run against the test's own emulator, with its port and key put in.
    static let quickStartEmulator = (endpoint: "http://127.0.0.1:8080/graphql", apiKey: "da2-local")

    /// gqlpatch calls that are meant to fail, by a part of their arguments: the exit code and the
    /// start of stderr. Every other call must exit 0.
    static let expectedFailures: [(arguments: String, status: Int32, message: String)] = [
        ("--expect-version 7", 2, "gqlpatch: error: "),
        ("dups RecipeStep --key recipeID=r1 --by itemCode,action", 1, "gqlpatch: note: 1 group of duplicates"),
        (
            "insert RecipeStep --key recipeID=r1 --at rowID=2 --set action=Knead", 65,
            "gqlpatch: error: RecipeStep recipeID=r1: the insert would write RecipeStep rowID=3"
        ),
    ]

    @Test func everyBlockIsRunOrExcludedWithAReason() {
        #expect(Self.examples.count >= 6, "README.md should have its examples: found \(Self.examples)")
        let firstCommands = Set(Self.examples.map(\.firstCommand))
        for key in Self.excluded.keys {
            #expect(firstCommands.contains(key), "an exclusion names no README block (stale): \(key)")
        }
        #expect(Self.runnable.count >= 4, "most README examples must run: \(Self.runnable)")
    }

    @Test(arguments: runnable) func exampleRuns(example: ReadmeExample) throws {
        // The custom operations' examples run in a project whose schema declares some (a Gen 2
        // project's amplify_outputs.json for the Gen 2 ones).
        let custom = example.body.contains("gqlpatch call ")
        let project = try ReadmeProject(
            custom ? (example.body.contains("gqlpatch call report ") ? .gen2 : .customOperations) : .standard)
        defer { project.stop() }
        switch example.kind {
        case .sh:
            let body = example.body.replacing(Self.quickStartEmulator.endpoint, with: project.emulator.endpoint)
                .replacing("=\(Self.quickStartEmulator.apiKey)", with: "=\(Emulator.apiKey)")
            let result = try project.bash(body)
            #expect(result.status == 0, "\(example) failed:\n\(result)")
        case .console:
            for step in example.consoleSteps {
                let result = try project.bash(step.command)
                #expect(result.status == 0, "\(example): \(step.command)\n\(result)")
                #expect(
                    result.stdout.trimmingCharacters(in: .newlines) == step.output,
                    "\(example): \(step.command)\n\(result)")
            }
        }
        let calls = try project.calls()
        #expect(!calls.isEmpty, "\(example) ran no gqlpatch")
        for call in calls {
            if let expected = Self.expectedFailures.first(where: { call.arguments.contains($0.arguments) }) {
                #expect(
                    call.status == expected.status && call.stderr.hasPrefix(expected.message), "\(example): \(call)")
            } else {
                #expect(call.status == 0, "\(example): \(call)")
            }
        }
        try project.checkOutcome(of: example)
    }

    /// The completion set-up the README shows is the one `gqlpatch completion --help` shows.
    @Test func theCompletionSetUpIsTheHelps() throws {
        let help = try GQLPatchRun.run(["completion", "--help"])
        let start = try #require(help.stdout.firstRange(of: "Examples:\n"))
        let lines = help.stdout[start.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("  ") }
        #expect(lines.count == 3)
        for line in lines {
            let command = line.trimmingPrefix(while: { $0 == " " })
            #expect(Self.readme.contains("\n" + command + "\n"), "README's completion set-up lacks: \(command)")
        }
    }

    /// The apply section's indented JSON Lines, fed to `gqlpatch apply` as the section shows them.
    @Test func applyLinesRun() throws {
        let marker = "one operation a line:\n\n"
        let start = try #require(Self.readme.range(of: marker), "README's apply section lost its example lines")
        let lines = Self.readme[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { $0.hasPrefix("    ") }.map { $0.dropFirst(4) }
        #expect(lines.count == 6)
        let project = try ReadmeProject()
        defer { project.stop() }
        try project.write("lines.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try project.bash("gqlpatch apply lines.jsonl")
        #expect(result.status == 0, "\(result)")
        let statuses = try result.stdout.split(separator: "\n").map {
            try JSONValue.parse(String($0))["status"]?.stringValue ?? "?"
        }
        #expect(statuses.sorted() == ["created", "created", "deleted", "updated", "updated", "updated"], "\(result)")
    }
}
