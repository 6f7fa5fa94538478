import Foundation
import JSON
import Testing

/// `gqlpatch apply` against the local AppSync emulator: faults injected, runs killed and resumed,
/// `--atomic` rollback. A versioned emulator (`--conflict-handler optimistic`) counts every write in
/// `_version`, which proves each line was applied exactly once.
@Suite struct ApplyEndToEndTests {
    static let optimistic = ["--conflict-handler", "optimistic"]

    /// A versioned emulator with `count` Items (`item-1`...), each at _version 1, and the compiled schema.
    private func versionedEmulator(items count: Int, faults: [String] = []) throws -> (Emulator, String) {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey] + Self.optimistic + faults)
        let schema = try Emulator.compiledSchema(arguments: Self.optimistic, into: emulator.folder)
        for index in 1...count {
            try emulator.create("Item", ["id": .string("item-\(index)"), "name": .string("Item \(index)")])
        }
        return (emulator, schema)
    }

    /// A SQLite file seeded with `count` versioned Items by a fault-free emulator, for a faulty one to serve.
    private func seededDatabase(items count: Int) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-apply-db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("items.sqlite").path
        let seeder = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--db", path] + Self.optimistic)
        defer { seeder.stop() }
        for index in 1...count {
            try seeder.create("Item", ["id": .string("item-\(index)"), "name": .string("Item \(index)")])
        }
        return path
    }

    /// Every Item as stored: id -> record.
    private func items(_ emulator: Emulator, fields: String = "id name description tags _version") throws -> [String:
        JSONValue]
    {
        let response = try emulator.graphQL("{ listItems(limit: 1000) { items { \(fields) } } }")
        let list = try #require(response["data"]?["listItems"]?["items"]?.arrayValue, "\(response)")
        var byID: [String: JSONValue] = [:]
        for item in list { byID[item["id"]?.stringValue ?? ""] = item }
        return byID
    }

    private func outputLines(_ text: String) throws -> [JSONValue] {
        try text.split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    /// `rounds` updates of every item's description, round after round (so each item gets several lines).
    private func updates(items: Int, rounds: Int) -> String {
        var lines: [String] = []
        for round in 1...rounds {
            for index in 1...items {
                lines.append(
                    #"{"op":"update","model":"Item","key":{"id":"item-\#(index)"},"set":{"description":"r\#(round)-\#(index)"}}"#
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Run twice: stdout a pipe (tasks on the default executor) and a file (tasks on the HTTP thread).
    @Test(arguments: [false, true])
    func faultsAreRetriedAndEveryLineIsAppliedExactlyOnce(stdoutToFile: Bool) throws {
        // The faults would hit the test's own seeding and checking requests too: those go through
        // fault-free emulators on the same database.
        let database = try seededDatabase(items: 20)
        defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
        let emulator = try Emulator(
            arguments: [
                "--api-key", Emulator.apiKey, "--db", database, "--fail-rate", "0.1", "--throttle-rate", "0.05",
                "--drop-rate", "0.1",
            ] + Self.optimistic)
        defer { emulator.stop() }
        let schema = try Emulator.compiledSchema(arguments: Self.optimistic, into: emulator.folder)
        var input = updates(items: 20, rounds: 3)
        for index in 1...10 {
            input +=
                #"{"op":"create","model":"Item","key":{"id":"new-\#(index)"},"set":{"name":"New \#(index)","tags":["t"]}}"#
                + "\n"
        }
        let path = try emulator.file("in.jsonl", input)
        let result = try emulator.gqlpatch(
            ["--timeout", "2", "apply", path, "-j", "8", "--max-attempts", "12"], schema: schema,
            stdoutToFile: stdoutToFile)
        #expect(result.status == 0, "\(result)")
        let lines = try outputLines(result.stdout)
        #expect(lines.count == 70, "one output line per input line")
        #expect(Set(lines.compactMap { $0["line"]?.intValue }) == Set(1...70))
        #expect(lines.filter { $0["status"] == "updated" }.count == 60, "\(result.stdout)")
        #expect(lines.filter { $0["status"] == "created" }.count == 10)
        let faults = try emulator.requests().compactMap { $0["fault"]?.stringValue }
        emulator.stop()
        let checker = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--db", database] + Self.optimistic)
        defer { checker.stop() }
        let stored = try items(checker)
        for index in 1...20 {
            let item = try #require(stored["item-\(index)"])
            #expect(
                item["description"] == .string("r3-\(index)"),
                "the last line for a record wins: lines for one record run in order")
            #expect(item["_version"] == 4, "item-\(index): created at 1, three updates, each applied once")
        }
        for index in 1...10 {
            #expect(stored["new-\(index)"]?["_version"] == 1)
        }
        #expect(stored.count == 30, "no create was made twice")
        #expect(Set(faults) == ["fail", "throttle", "drop"], "the run met every kind of fault")
        #expect(result.stderr.contains("gqlpatch: apply: done: 70 lines in "), "\(result.stderr)")
        #expect(result.stderr.contains("60 updated, 10 created"))
    }

    /// N of "N already applied (journal)" in a resumed run's summary; nil when it is not there.
    static func journalSkips(_ stderr: String) -> Int? {
        guard let range = stderr.range(of: " already applied (journal)") else { return nil }
        let digits = stderr[..<range.lowerBound].reversed().prefix { $0.isNumber }
        return Int(String(digits.reversed()))
    }

    @Test func aKilledRunResumedFromItsJournalEndsLikeAnUninterruptedOne() throws {
        let (emulator, schema) = try versionedEmulator(items: 30, faults: ["--latency-ms", "30"])
        defer { emulator.stop() }
        let path = try emulator.file("in.jsonl", updates(items: 30, rounds: 4))
        let journal = emulator.folder.appendingPathComponent("in.journal").path
        let base = [
            "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", schema, "apply", path, "-j", "4",
            "--journal", journal,
        ]
        let first = try ApplyProcess(base, in: emulator.folder)
        #expect(first.waitForOutput(lines: 25), "\(first.stderr)")
        first.signal(SIGKILL)
        #expect(try first.wait() == 128 + SIGKILL)
        let printedBeforeKill = try outputLines(first.stdout)
        #expect(printedBeforeKill.count < 120, "killed part-way")

        let second = try ApplyProcess(base + ["--resume"], in: emulator.folder)
        #expect(try second.wait() == 0, "\(second.stderr)")
        let resumedLines = try outputLines(second.stdout)
        let firstDone = Set(printedBeforeKill.compactMap { $0["line"]?.intValue })
        let secondDone = Set(resumedLines.compactMap { $0["line"]?.intValue })
        #expect(
            firstDone.isDisjoint(with: secondDone), "a line printed (and journaled) before the kill is not run again")
        // A line is journaled before it is printed: the kill may land between the two for the one
        // line being finished, which the resumed run then counts as already applied.
        let skipped = try #require(Self.journalSkips(second.stderr), "\(second.stderr)")
        #expect(secondDone.count + skipped == 120, "every line is either run by the second run or skipped as journaled")
        #expect(
            (firstDone.count...(firstDone.count + 1)).contains(skipped),
            "journaled = printed, plus at most the one being printed")
        #expect(secondDone.isSubset(of: Set(1...120)))
        let stored = try items(emulator)
        for index in 1...30 {
            let item = try #require(stored["item-\(index)"])
            #expect(item["description"] == .string("r4-\(index)"))
            #expect(item["_version"] == 5, "item-\(index): four updates, each applied once across the kill")
        }
        #expect(second.stderr.contains("already applied (journal)"), "\(second.stderr)")
    }

    /// Ctrl-C once lines are done (a state it shows; every request takes 0.3 s, so the run is still
    /// going however slow the machine): without a journal, the run says what stands and how to go on.
    @Test func anInterruptWithoutAJournalSaysHowToGoOn() throws {
        let (emulator, schema) = try versionedEmulator(items: 8, faults: ["--latency-ms", "300"])
        defer { emulator.stop() }
        let path = try emulator.file("in.jsonl", updates(items: 8, rounds: 4))
        let first = try ApplyProcess(
            [
                "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", schema, "apply", path, "-j",
                "4",
            ],
            in: emulator.folder)
        #expect(first.waitForOutput(lines: 2), "\(first.stderr)")
        first.signal(SIGINT)
        #expect(try first.wait() == 130, "\(first.stderr)")
        #expect(
            first.stderr.contains(
                "gqlpatch: note: apply stopped with no journal: what was applied stands, and the same command goes on by sending every line again"
            ), "\(first.stderr)")
        #expect(first.stderr.contains("with --journal PATH, --resume goes on exactly where a run stopped"))
    }

    @Test func interruptLetsRequestsInFlightFinishThenResumeCompletes() throws {
        let (emulator, schema) = try versionedEmulator(items: 20, faults: ["--latency-ms", "30"])
        defer { emulator.stop() }
        let path = try emulator.file("in.jsonl", updates(items: 20, rounds: 4))
        let journal = emulator.folder.appendingPathComponent("in.journal").path
        let base = [
            "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", schema, "apply", path, "-j", "4",
            "--journal", journal,
        ]
        let first = try ApplyProcess(base, in: emulator.folder)
        #expect(first.waitForOutput(lines: 10), "\(first.stderr)")
        first.signal(SIGINT)
        #expect(try first.wait() == 130, "\(first.stderr)")
        #expect(first.stderr.contains("gqlpatch: apply: interrupted after"), "\(first.stderr)")
        // Done entries only: the writes recorded as about to be sent have "sending" instead of "status".
        let journaled = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains(#""status""#) }.count
        #expect(
            journaled == (try outputLines(first.stdout)).count,
            "every printed line is journaled, and every journaled line printed")

        // The note says the exact command that goes on (issue 34 #5), the key as its variable:
        // run as printed, it finishes the batch.
        let marker = "gqlpatch: note: to go on from where it stopped, run: "
        let note = try #require(
            first.stderr.split(separator: "\n").first { $0.hasPrefix(marker) }, "no --resume note: \(first.stderr)")
        let resume = String(note.dropFirst(marker.count))
        #expect(resume.hasSuffix(" --resume") && !resume.contains(Emulator.apiKey), "\(resume)")
        let bin = URL(fileURLWithPath: TestPaths.binary).deletingLastPathComponent().path
        let second = try CommandRunner.run(
            "/bin/bash", ["-c", resume],
            environment: [
                "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "GQLPATCH_API_KEY": Emulator.apiKey,
            ], workingDirectory: emulator.folder.path)
        #expect(second.status == 0, "\(second)")
        let stored = try items(emulator)
        for index in 1...20 {
            #expect(stored["item-\(index)"]?["_version"] == 5)
            #expect(stored["item-\(index)"]?["description"] == .string("r4-\(index)"))
        }
    }

    /// The batch goes on the HTTP thread only where nothing it does can wait long: a file in, stdout
    /// a file; with stdout a pipe (a reader that may stop reading), or standard input, it stays off it.
    @Test func theBatchRunsOnTheHTTPThreadOnlyWhenInputAndOutputAreFiles() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        try emulator.create("Item", ["id": .string("item-1"), "name": .string("Item 1")])
        let line = #"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"description":"d"}}"# + "\n"
        let path = try emulator.file("in.jsonl", line)
        let note = "gqlpatch: apply: the batch runs on the HTTP thread"
        let toFile = try emulator.gqlpatch(["--verbose", "apply", path], stdoutToFile: true)
        #expect(toFile.status == 0, "\(toFile)")
        #expect(toFile.stderr.contains(note), "\(toFile.stderr)")
        #expect(try outputLines(toFile.stdout).first?["status"] == "updated", "\(toFile.stdout)")
        let toPipe = try emulator.gqlpatch(["--verbose", "apply", path])
        #expect(toPipe.status == 0, "\(toPipe)")
        #expect(!toPipe.stderr.contains(note), "\(toPipe.stderr)")
        let fromStdin = try emulator.gqlpatch(["--verbose", "apply", "-"], stdin: line, stdoutToFile: true)
        #expect(fromStdin.status == 0, "\(fromStdin)")
        #expect(!fromStdin.stderr.contains(note), "\(fromStdin.stderr)")
    }

    @Test(arguments: [false, true])
    func atomicLeavesTheDataAsBeforeWhenALineFails(stdoutToFile: Bool) throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        for index in 1...6 {
            try emulator.create(
                "Item", ["id": .string("item-\(index)"), "name": .string("Item \(index)"), "tags": ["a"]])
        }
        let fields = "id name description tags"
        let before = try items(emulator, fields: fields)
        let input =
            [
                #"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"name":"Changed","tags":["x","y"]},"unset":[]}"#,
                #"{"op":"create","model":"Item","key":{"id":"made-1"},"set":{"name":"Made"}}"#,
                #"{"op":"delete","model":"Item","key":{"id":"item-2"}}"#,
                #"{"op":"update","model":"Item","key":{"id":"item-3"},"set":{"description":"d"}}"#,
                #"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"description":"again"}}"#,
                #"{"op":"update","model":"Item","key":{"id":"item-4"},"set":{"name":"X"},"if":{"name":"not what it is"}}"#,
                #"{"op":"update","model":"Item","key":{"id":"item-5"},"set":{"name":"Never"}}"#,
                #"{"op":"delete","model":"Item","key":{"id":"item-6"}}"#,
            ].joined(separator: "\n") + "\n"
        let path = try emulator.file("in.jsonl", input)
        let result = try emulator.gqlpatch(["apply", path, "--atomic", "-j", "1"], stdoutToFile: stdoutToFile)
        #expect(result.status == 4, "\(result)")
        let lines = try outputLines(result.stdout)
        let status = Dictionary(
            lines.map { ($0["line"]?.intValue ?? 0, $0["status"]?.stringValue ?? "") }, uniquingKeysWith: { $1 })
        #expect(lines.first(where: { $0["line"] == 6 })?["status"] == "conflict")
        for line in [1, 2, 3, 4, 5] { #expect(status[line] == "rolled_back", "line \(line)") }
        for line in [7, 8] { #expect(status[line] == "skipped", "line \(line)") }
        // Rolled back last applied first.
        #expect(lines.filter { $0["status"] == "rolled_back" }.compactMap { $0["line"]?.intValue } == [5, 4, 3, 2, 1])
        #expect(try items(emulator, fields: fields) == before)
    }

    @Test func atomicReportsARecordChangedSinceInsteadOfOverwritingIt() throws {
        let (emulator, schema) = try versionedEmulator(items: 2)
        defer { emulator.stop() }
        let change = #"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"name":"Mine"}}"#
        let failing = #"{"op":"update","model":"Item","key":{"id":"item-2"},"set":{"name":"B"},"expectVersion":7}"#
        let journal = emulator.folder.appendingPathComponent("in.journal").path
        // Line 1 is applied and journaled (with its undo) by a first run...
        let path = try emulator.file("in.jsonl", change + "\n")
        let first = try emulator.gqlpatch(["apply", path, "--atomic", "--journal", journal], schema: schema)
        #expect(first.status == 0, "\(first)")
        // ...then someone else changes the record...
        let other = try emulator.graphQL(
            #"mutation { updateItem(input: {id: "item-1", name: "Theirs", _version: 2}) { _version } }"#)
        #expect(other["data"]?["updateItem"]?["_version"] == 3, "\(other)")
        // ...and the resumed run meets a failing line 2: undoing line 1 must not clobber "Theirs".
        _ = try emulator.file("in.jsonl", change + "\n" + failing + "\n")
        let run = try emulator.gqlpatch(["apply", path, "--atomic", "--journal", journal, "--resume"], schema: schema)
        #expect(run.status == 4, "\(run)")
        let lines = try outputLines(run.stdout)
        #expect(lines.count == 2, "\(run.stdout)")
        #expect(lines.first?["line"] == 2)
        #expect(lines.first?["status"] == "conflict")
        #expect(lines.last?["line"] == 1)
        #expect(lines.last?["status"] == "rollback_failed")
        #expect(
            lines.last?["error"]?.stringValue?.hasPrefix("Item id=item-1 changed after the line was applied") == true,
            "\(run.stdout)")
        #expect(try items(emulator)["item-1"]?["name"] == "Theirs")
    }

    @Test func atomicAndContinueOnErrorContradict() throws {
        let result = try GQLPatchRun.run([
            "--schema", TestPaths.schema, "apply", "x.jsonl", "--atomic", "--continue-on-error",
        ])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.hasPrefix("gqlpatch: error: --atomic and --continue-on-error contradict each other"))
    }

    @Test func aBadLineInAFileSendsNothing() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "item-1", "name": "Chair"])
        let before = try emulator.requests().count
        let path = try emulator.file(
            "in.jsonl",
            [
                #"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"name":"Lamp"}}"#,
                "",
                #"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"nmae":"Lamp"}}"#,
            ].joined(separator: "\n") + "\n")
        let result = try emulator.gqlpatch(["apply", path])
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == """
                \(path):3: error: unknown field "nmae" for Item; did you mean "name"?
                gqlpatch: error: 1 invalid line in \(path); nothing was sent

                """)
        #expect(try emulator.requests().count == before)
    }

    @Test func standardInputIsCheckedLineByLineAndStopsAtTheFirstFailure() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "item-1", "name": "Chair"])
        let input = [
            #"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"name":"Lamp"}}"#,
            #"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"nmae":"Desk"}}"#,
            #"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"name":"Sofa"}}"#,
        ].joined(separator: "\n")
        let result = try emulator.gqlpatch(["apply", "-j", "1"], stdin: input)
        #expect(result.status == 4, "\(result)")
        let lines = try outputLines(result.stdout).sorted { ($0["line"]?.intValue ?? 0) < ($1["line"]?.intValue ?? 0) }
        #expect(lines.count == 3)
        #expect(lines[0]["status"] == "updated", "\(result)")
        #expect(
            lines[1] == [
                "line": 2, "status": "failed",
                "error": #"<stdin>:2: error: unknown field "nmae" for Item; did you mean "name"?"#,
            ])
        #expect(lines[2] == ["line": 3, "status": "skipped"])
        #expect(try items(emulator, fields: "id name")["item-1"]?["name"] == "Lamp")
        // The reason is on stderr too: stdout may be a file nobody is looking at.
        #expect(
            result.stderr.contains(
                #"gqlpatch: apply: line 2 failed: <stdin>:2: error: unknown field "nmae" for Item; did you mean "name"?"#
            ),
            "\(result)")
    }

    /// Failed lines are told on stderr, the first five with their reason and the rest counted.
    @Test func failedLinesAreToldOnStderrBounded() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let input = (1...8).map {
            #"{"op":"update","model":"Item","key":{"id":"none-\#($0)"},"set":{"name":"x"}}"#
        }.joined(separator: "\n")
        let result = try emulator.gqlpatch(["apply", "-", "--continue-on-error"], stdin: input)
        #expect(result.status == 4, "\(result)")
        let told = result.stderr.split(separator: "\n").filter { $0.hasPrefix("gqlpatch: apply: line ") }
        #expect(told.count == 5, "\(result.stderr)")
        #expect(told.allSatisfy { $0.contains(" not_found: ") }, "\(told)")
        #expect(result.stderr.contains("gqlpatch: apply: 3 more failed lines; the output says why for each"))
    }

    @Test func continueOnErrorReportsEachOutcome() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "item-1", "name": "Chair"])
        let input =
            [
                #"{"op":"update","model":"Item","key":{"id":"nope"},"set":{"name":"Lamp"}}"#,
                #"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"name":"Lamp"},"if":{"name":"Sofa"}}"#,
                #"{"op":"create","model":"Item","key":{"id":"item-1"},"set":{"name":"Dup"}}"#,
                #"{"op":"delete","model":"Item","key":{"id":"gone"}}"#,
                #"{"op":"update","model":"Item","key":{"id":"item-1"},"set":{"description":"ok"}}"#,
            ].joined(separator: "\n") + "\n"
        let path = try emulator.file("in.jsonl", input)
        let result = try emulator.gqlpatch(["apply", path, "--continue-on-error", "-j", "1"])
        #expect(result.status == 4, "\(result)")
        let status = try outputLines(result.stdout).map { $0["status"]?.stringValue ?? "" }
        #expect(status == ["not_found", "conflict", "conflict", "not_found", "updated"])
        #expect(result.stderr.contains("1 updated, 2 conflict, 2 not found"), "\(result.stderr)")
    }

    @Test func dryRunPrintsEachPlannedRequestAndSendsNothing() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let before = try emulator.requests().count
        let result = try emulator.gqlpatch(
            ["--dry-run", "apply", "-"],
            stdin: #"{"op":"delete","model":"Item","key":{"id":"a"}}"# + "\n\n"
                + #"{"op":"update","model":"Item","key":{"id":"b"},"unset":["tags"]}"#)
        #expect(result.status == 0, "\(result)")
        let lines = try outputLines(result.stdout)
        #expect(lines.map { $0["line"] } == [1, 3])
        #expect(lines[1]["variables"] == ["input": ["id": "b", "tags": .null]])
        #expect(try emulator.requests().count == before)
        #expect(
            result.stderr
                == "gqlpatch: apply: dry run: 2 lines checked; nothing was sent (auth api-key, credentials not looked up)\n"
        )
    }
}
