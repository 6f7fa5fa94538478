import Foundation
import JSON
import Testing

/// `gqlpatch export` against the local emulator: the lines go back through `apply` into an empty
/// emulator unchanged, parents before children, a self-reference filled in by a second pass.
@Suite struct ExportEndToEndTests {
    static let blog = TestPaths.fixture("export/blog.graphql")

    /// A blog, its post (an AWSJSON and an enum field), two comments (one replying to the other),
    /// a tag and the join record between the post and the tag.
    private func seeded() throws -> Emulator {
        let emulator = try Emulator(schema: Self.blog)
        try emulator.create("Blog", ["id": "b1", "name": "Notes"])
        try emulator.create(
            "Post",
            ["id": "p1", "title": "First", "status": "DRAFT", "meta": #"{"a":[1,2]}"#, "blogPostsId": "b1"])
        try emulator.create("Post", ["id": "p2", "title": "Second", "blogPostsId": "b1"])
        try emulator.create("Comment", ["id": "c1", "content": "hi", "postCommentsId": "p1"])
        try emulator.create("Comment", ["id": "c2", "content": "re", "postCommentsId": "p1", "parentID": "c1"])
        try emulator.create("Tag", ["id": "t1", "label": "news"])
        try emulator.create("PostTag", ["id": "pt1", "postId": "p1", "tagId": "t1"])
        return emulator
    }

    /// Every record of every model, without the fields the server sets, by model then key.
    private func records(_ emulator: Emulator) throws -> [String: [JSONValue]] {
        try RecordCommandSupport.records(
            emulator, schema: Self.blog, models: ["Blog", "Post", "Comment", "Tag", "PostTag"])
    }

    @Test func exportThenApplyIntoAnEmptyAPIGivesTheSameRecords() throws {
        let source = try seeded()
        defer { source.stop() }
        let file = source.folder.appendingPathComponent("backup.jsonl").path
        let exported = try source.gqlpatch(["export", "-o", file], schema: Self.blog)
        #expect(exported.status == 0, "\(exported)")
        #expect(exported.stdout.isEmpty)
        #expect(
            exported.stderr.contains(
                "gqlpatch: export: Tag 1 record, Blog 1 record, Post 2 records, Comment 2 records, PostTag 1 record (1 second-pass update)"
            ), "\(exported)")
        let target = try Emulator(schema: Self.blog)
        defer { target.stop() }
        let applied = try target.gqlpatch(["apply", file], schema: Self.blog)
        #expect(applied.status == 0, "\(applied)")
        #expect(try records(target) == (try records(source)))
        // Exported again from the copy: the same lines (a model's records in the order its listing
        // gives, which follows the order apply happened to create them in).
        let again = try target.gqlpatch(["export"], schema: Self.blog)
        let backup = try String(contentsOfFile: file, encoding: .utf8)
        // The end lines differ where the order does (the digest); the counts agree.
        let recordLines = { (text: String) in
            text.split(separator: "\n").filter { !$0.hasPrefix(#"{"op":"end""#) }.sorted()
        }
        #expect(recordLines(again.stdout) == recordLines(backup))
    }

    @Test func parentsComeBeforeChildrenAndTheSelfReferenceComesLast() throws {
        let emulator = try seeded()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["export"], schema: Self.blog)
        #expect(result.status == 0, "\(result)")
        let lines = try RecordCommandSupport.exportLines(result)
        let models = lines.map { $0["model"]?.stringValue ?? "" }
        #expect(models == ["Tag", "Blog", "Post", "Post", "Comment", "Comment", "PostTag", "Comment"])
        #expect(
            lines.first(where: { $0["key"] == ["id": "p1"] })
                == [
                    "op": "upsert", "model": "Post", "key": ["id": "p1"],
                    "set": ["title": "First", "status": "DRAFT", "meta": #"{"a":[1,2]}"#, "blogPostsId": "b1"],
                ])
        // The first pass leaves the reply's parent out; the last line sets it.
        #expect(lines[5]["set"]?["parentID"] == nil)
        #expect(lines.last == ["op": "update", "model": "Comment", "key": ["id": "c2"], "set": ["parentID": "c1"]])
        #expect(
            result.stderr.contains(
                "gqlpatch: note: export: a cycle of references (Comment -> Comment): Comment.parentID is left out of the first pass and set by update lines at the end"
            ), "\(result)")
    }

    @Test func namedModelsOnlyWithWhere() throws {
        let emulator = try seeded()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(
            ["export", "Comment", "Post", "--where", "postCommentsId=p1", "--page-size", "1"], schema: Self.blog)
        // Post has no postCommentsId: the test is refused before anything is read.
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("gqlpatch: error: "), "\(result)")
        let comments = try emulator.gqlpatch(
            ["export", "Comment", "--where", "postCommentsId=p1", "--page-size", "1", "-j", "1"], schema: Self.blog)
        #expect(comments.status == 0, "\(comments)")
        #expect(
            try RecordCommandSupport.exportLines(comments).map { $0["key"] } == [
                ["id": "c1"], ["id": "c2"], ["id": "c2"],
            ])
    }

    @Test func tombstonesAreLeftOutUnlessAskedFor() throws {
        let (emulator, compiled) = try RecordCommandSupport.versionedEmulator()
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "keep", "name": "Chair"])
        try emulator.create("Item", ["id": "gone", "name": "Lamp"])
        try emulator.softDelete("gone", version: 1)
        let result = try emulator.gqlpatch(["export", "Item"], schema: compiled)
        #expect(result.status == 0, "\(result)")
        let lines = try RecordCommandSupport.exportLines(result)
        #expect(lines.map { $0["key"] } == [["id": "keep"]])
        let set = try #require(lines.first?["set"]?.objectValue)
        #expect(
            set.keys.allSatisfy { !["_version", "_deleted", "_lastChangedAt", "createdAt", "updatedAt"].contains($0) })
        #expect(result.stderr.contains("gqlpatch: export: Item 1 record"), "\(result)")
        let all = try emulator.gqlpatch(["export", "Item", "--include-deleted"], schema: compiled)
        #expect(
            Set(try RecordCommandSupport.exportLines(all).compactMap { $0["key"]?["id"]?.stringValue }) == [
                "keep", "gone",
            ])
    }

    @Test func anUnknownModelIsRefused() throws {
        let emulator = try Emulator(schema: Self.blog)
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["export", "Blog", "Pst"], schema: Self.blog)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("gqlpatch: error: unknown model 'Pst'"), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(try emulator.bodies().isEmpty)
        let state = try emulator.gqlpatch(["export", "--state", "s.json"], schema: Self.blog)
        #expect(state.status == 64, "\(state)")
        #expect(state.stderr.hasPrefix("gqlpatch: error: --state needs -o FILE"), "\(state)")
    }

    @Test func aResumedExportWritesNoLineTwice() throws {
        let emulator = try seeded()
        defer { emulator.stop() }
        let whole = try emulator.gqlpatch(["export"], schema: Self.blog)
        let out = emulator.folder.appendingPathComponent("out.jsonl").path
        let statePath = emulator.folder.appendingPathComponent("export.state").path
        // A run that stopped after the header, Tag and Blog were written and one page of Post was
        // read, with a line past the recorded length (a copy whose record was lost) to be cut off.
        // Its state holds no digest: the output's bytes so far are digested again.
        let written = whole.stdout.split(separator: "\n").prefix(3).map { $0 + "\n" }.joined()
        // A resumable export writes FILE.partial and renames it to FILE at the end.
        try (written + #"{"op":"upsert","model":"Post","key":{"id":"half"#).write(
            toFile: out + ".partial", atomically: true, encoding: .utf8)
        let postPage =
            #"{"op":"upsert","model":"Post","key":{"id":"p1"},"set":{"title":"First","status":"DRAFT","meta":"{\"a\":[1,2]}","blogPostsId":"b1"}}"#
            + "\n"
        let parts = statePath + ".parts"
        try FileManager.default.createDirectory(atPath: parts, withIntermediateDirectories: true)
        try postPage.write(toFile: parts + "/2.jsonl", atomically: true, encoding: .utf8)
        let token = try pageToken(emulator, model: "Post")
        let state: JSONObject = [
            "format": 2, "output": .string(out), "outputLength": .int(written.utf8.count),
            "steps": .array(
                ["Tag", "Blog", "Post", "Comment", "PostTag"].enumerated().map { index, model in
                    let done = index < 2
                    return [
                        "model": .string(model), "nextToken": index == 2 ? .string(token) : .null,
                        "read": .bool(done), "written": .bool(done), "secondWritten": false,
                        "records": .int(index <= 2 ? 1 : 0), "secondLines": 0,
                        "partLength": .int(index == 2 ? postPage.utf8.count : done ? 10 : 0), "secondLength": 0,
                    ]
                }),
        ]
        try JSONValue.object(state).serialized().write(toFile: statePath, atomically: true, encoding: .utf8)
        chmod(statePath, 0o600)
        let resumed = try emulator.gqlpatch(
            ["export", "--state", statePath, "-o", out, "--page-size", "1"], schema: Self.blog)
        #expect(resumed.status == 0, "\(resumed)")
        #expect(resumed.stderr.contains("gqlpatch: note: export: going on from"), "\(resumed)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == whole.stdout)
        #expect(!FileManager.default.fileExists(atPath: statePath))
        #expect(!FileManager.default.fileExists(atPath: parts))
        #expect(!FileManager.default.fileExists(atPath: out + ".partial"))
        let other = try emulator.file("other.state", JSONValue.object(state).serialized())
        chmod(other, 0o600)
        let mismatch = try emulator.gqlpatch(["export", "Blog", "--state", other, "-o", out], schema: Self.blog)
        #expect(mismatch.status == 64, "\(mismatch)")
        #expect(mismatch.stderr.hasPrefix("gqlpatch: error: \(other) is the state of another export"), "\(mismatch)")
    }

    /// The token of `model`'s second page at one record a page.
    /// An emulator answering slowly (`--latency-ms`), with the seeded blog and 40 tags, so an
    /// export of a record or two a page is still running when a test stops it.
    private func slowSeeded() throws -> Emulator {
        let emulator = try Emulator(schema: Self.blog, arguments: ["--api-key", Emulator.apiKey, "--latency-ms", "40"])
        let tags = (1...40).map {
            #"{"op": "create", "model": "Tag", "key": {"id": "t\#($0)"}, "set": {"label": "tag \#($0)"}}"#
        }
        let seeded = try emulator.gqlpatch(
            ["apply", "-"], schema: Self.blog, stdin: tags.joined(separator: "\n") + "\n")
        #expect(seeded.status == 0, "\(seeded)")
        try emulator.create("Blog", ["id": "b1", "name": "Notes"])
        try emulator.create("Post", ["id": "p1", "title": "First", "blogPostsId": "b1"])
        try emulator.create("Comment", ["id": "c1", "content": "hi", "postCommentsId": "p1"])
        try emulator.create("Comment", ["id": "c2", "content": "re", "postCommentsId": "p1", "parentID": "c1"])
        return emulator
    }

    /// An export stopped at 20 random points, by Ctrl-C and by SIGKILL in turn, over yesterday's
    /// backup: the backup is whole after every one (the export writes beside it and renames only
    /// when complete); a Ctrl-C'd run leaves no working file; a run to the end replaces it.
    @Test func anInterruptedExportNeverTouchesTheFileItWouldReplace() throws {
        let emulator = try slowSeeded()
        defer { emulator.stop() }
        let backup = emulator.folder.appendingPathComponent("backup.jsonl")
        let yesterday = Data(#"{"op": "create", "model": "Tag", "key": {"id": "yesterday"}, "set": {}}"#.utf8 + [10])
        try yesterday.write(to: backup)
        let export = [
            "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", Self.blog, "export",
            "--page-size", "1", "-o", "backup.jsonl",
        ]
        var random = SystemRandomNumberGenerator()
        var stopped = 0
        for run in 0..<20 {
            let process = try ApplyProcess(export, in: emulator.folder)
            // Wait for a state it shows (its working file exists), then a random moment more.
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, process.process.isRunning, Self.workingFiles(in: emulator.folder).isEmpty {
                Thread.sleep(forTimeInterval: 0.005)
            }
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.5, using: &random))
            let signal = run % 2 == 0 ? SIGINT : SIGKILL
            if process.process.isRunning {
                process.signal(signal)
                stopped += 1
            }
            let status = try process.wait(timeout: 30)
            if status != 0 {
                #expect(try Data(contentsOf: backup) == yesterday, "run \(run) (\(status)) touched the backup")
                if signal == SIGINT {
                    #expect(status == 130, "run \(run): \(process.stderr)")
                    #expect(Self.workingFiles(in: emulator.folder).isEmpty, "run \(run) left its working file")
                    #expect(process.stderr.contains("gqlpatch: note: export stopped; backup.jsonl is untouched"))
                }
            } else {
                try yesterday.write(to: backup)
            }
            for name in Self.workingFiles(in: emulator.folder) {  // a killed run cannot clean up
                try? FileManager.default.removeItem(at: emulator.folder.appendingPathComponent(name))
            }
        }
        #expect(stopped >= 15, "most runs were still going when stopped (\(stopped) of 20)")
        let whole = try GQLPatchRun.run(export, in: emulator.folder)
        #expect(whole.status == 0, "\(whole)")
        let clean = try emulator.gqlpatch(["export"], schema: Self.blog)
        #expect(try String(contentsOf: backup, encoding: .utf8) == clean.stdout)
        #expect(Self.workingFiles(in: emulator.folder).isEmpty)
    }

    /// Two exports on one `--state` at once, 20 times: the state is locked for a run, so one of
    /// them is refused at once (75, nothing written) and every run that exits 0 wrote every record
    /// exactly once.
    @Test func twoExportsOnOneStateNeverShareIt() throws {
        let emulator = try slowSeeded()
        defer { emulator.stop() }
        let clean = try emulator.gqlpatch(["export"], schema: Self.blog)
        let export = [
            "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", Self.blog, "export",
            "--page-size", "5", "-o", "out.jsonl", "--state", "export.state",
        ]
        var refused = 0
        for run in 0..<20 {
            try? FileManager.default.removeItem(at: emulator.folder.appendingPathComponent("out.jsonl"))
            let first = try ApplyProcess(export, in: emulator.folder)
            let second = try ApplyProcess(export, in: emulator.folder)
            let statuses = [try first.wait(timeout: 60), try second.wait(timeout: 60)]
            #expect(statuses.contains(0), "run \(run): \(first.stderr) / \(second.stderr)")
            for (status, process) in zip(statuses, [first, second]) where status != 0 {
                refused += 1
                #expect(status == 75, "run \(run): \(process.stderr)")
                #expect(
                    process.stderr.split(separator: "\n").contains {
                        $0.hasPrefix("gqlpatch: error: another export is running on export.state")
                    }, "\(process.stderr)")
            }
            let written = try String(contentsOf: emulator.folder.appendingPathComponent("out.jsonl"), encoding: .utf8)
            #expect(written == clean.stdout, "run \(run): the output is not the whole export once")
            #expect(
                !FileManager.default.fileExists(atPath: emulator.folder.appendingPathComponent("export.state").path))
        }
        #expect(refused >= 10, "the two runs overlapped in most tries (\(refused) refusals)")
    }

    /// An export that cannot reach its endpoint (69) leaves the file it would replace as it was.
    @Test func aFailedExportLeavesTheOldFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("old\n".utf8).write(to: folder.appendingPathComponent("old.jsonl"))
        let closed = try ClosedPort()
        let result = try GQLPatchRun.run(
            [
                "--endpoint", "http://127.0.0.1:\(closed.port)/graphql", "--api-key", Emulator.apiKey,
                "--schema", TestPaths.schema, "export", "-o", "old.jsonl",
            ], in: folder)
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.contains("gqlpatch: note: export stopped; old.jsonl is untouched"), "\(result)")
        #expect(try String(contentsOf: folder.appendingPathComponent("old.jsonl"), encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["old.jsonl"])
    }

    /// The hidden working files of exports to `backup.jsonl` (and `.partial` of a resumable one).
    static func workingFiles(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".partial") }
    }

    /// Ctrl-C during an export without --state: it ends between pages with 130, and leaves no part
    /// files behind in $TMPDIR.
    /// Ctrl-C once the export has started (its part folder is there, a state it shows): every
    /// request takes 2 s, so it is still reading however slow the machine, and it ends after the
    /// page in flight, removing its parts and saying how to go on.
    @Test func ctrlCEndsTheExportAndRemovesItsParts() throws {
        // Seeded fast, then served slowly from the same database.
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-\(UUID().uuidString).db")
        defer { try? FileManager.default.removeItem(at: database) }
        let seeder = try Emulator(schema: Self.blog, arguments: ["--api-key", Emulator.apiKey, "--db", database.path])
        for id in 1...6 { try seeder.create("Tag", ["id": .string("t\(id)"), "label": .string("tag \(id)")]) }
        seeder.stop()
        let emulator = try Emulator(
            schema: Self.blog, arguments: ["--api-key", Emulator.apiKey, "--db", database.path, "--latency-ms", "2000"])
        defer { emulator.stop() }
        let temporary = emulator.folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let export = try ApplyProcess(
            [
                "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", Self.blog, "export",
                "--page-size", "2", "-o", "out.jsonl",
            ], in: emulator.folder, environment: ["TMPDIR": temporary.path])
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, (try? FileManager.default.contentsOfDirectory(atPath: temporary.path))?.isEmpty ?? true
        {
            Thread.sleep(forTimeInterval: 0.01)
        }
        export.signal(SIGINT)
        #expect(try export.wait(timeout: 30) == 130, "\(export.stderr)")
        #expect(export.stderr.contains("gqlpatch: error: export interrupted (Ctrl-C)"), "\(export.stderr)")
        #expect(
            export.stderr.contains(
                "gqlpatch: note: export stopped; out.jsonl is untouched; run it again to export from the start (with --state FILE and -o FILE"
            ), "\(export.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    /// `kill -9` at random moments of an export with --state, 10 times, then a run to the end: the
    /// output holds exactly the lines of an export never stopped, none twice.
    @Test func killedAtRandomTheResumedExportWritesEachLineOnce() throws {
        let emulator = try slowSeeded()
        defer { emulator.stop() }
        let options = ["--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", Self.blog]
        let clean = try emulator.gqlpatch(["export"], schema: Self.blog)
        #expect(clean.status == 0, "\(clean)")
        let export = options + ["export", "--page-size", "1", "-j", "2", "-o", "out.jsonl", "--state", "export.state"]
        var random = SystemRandomNumberGenerator()
        var killed = 0
        for _ in 0..<10 {
            let run = try ApplyProcess(export, in: emulator.folder)
            Thread.sleep(forTimeInterval: Double.random(in: 0.02...0.6, using: &random))
            if run.process.isRunning {
                run.signal(SIGKILL)
                killed += 1
            }
            _ = try run.wait(timeout: 30)
            if !FileManager.default.fileExists(atPath: emulator.folder.appendingPathComponent("export.state").path) {
                // It finished: start over so that the next kill lands in a run again.
                try? FileManager.default.removeItem(at: emulator.folder.appendingPathComponent("out.jsonl"))
            }
        }
        #expect(killed >= 5, "most runs were still going when killed (\(killed) of 10)")
        let last = try GQLPatchRun.run(export, in: emulator.folder)
        #expect(last.status == 0, "\(last)")
        let written = try String(contentsOf: emulator.folder.appendingPathComponent("out.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        #expect(Set(written).count == written.count, "a line written twice")
        // In the same order too: models parents first, each model's pages in order.
        #expect(written == clean.stdout.split(separator: "\n"))
    }

    /// A masked export: every masked value differs from its source, a masked key still joins its
    /// children (the copy applied into an empty API keeps every relation), the same key gives the
    /// same masks in another run, and a field that cannot be masked is refused before anything is read.
    @Test func aMaskedExportKeepsRelationsAndMasksAlikeAcrossRuns() throws {
        let source = try seeded()
        defer { source.stop() }
        let masks = ["--mask", "Post.id", "--mask", "Blog.name=name", "--mask", "Comment.content", "--mask-key", "k"]
        let first = try source.gqlpatch(["export"] + masks, schema: Self.blog)
        #expect(first.status == 0, "\(first)")
        let again = try source.gqlpatch(["export"] + masks, schema: Self.blog)
        #expect(again.stdout == first.stdout, "the same key, the same masks")
        let lines = try first.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        let posts = lines.filter { $0["model"] == "Post" && $0["op"] != "update" }
        let postIDs = Set(posts.compactMap { $0["key"]?["id"]?.stringValue })
        #expect(postIDs.count == 2 && postIDs.isDisjoint(with: ["p1", "p2"]), "\(postIDs)")
        for line in lines where line["model"] == "Comment" && line["op"] != "update" {
            #expect(postIDs.contains(line["set"]?["postCommentsId"]?.stringValue ?? ""), "\(line)")
            #expect(!["hi", "re"].contains(line["set"]?["content"]?.stringValue ?? ""), "\(line)")
        }
        let join = try #require(lines.first { $0["model"] == "PostTag" })
        #expect(postIDs.contains(join["set"]?["postId"]?.stringValue ?? ""), "\(join)")
        #expect(lines.first { $0["model"] == "Blog" }?["set"]?["name"] != "Notes")

        let target = try Emulator(schema: Self.blog)
        defer { target.stop() }
        let file = source.folder.appendingPathComponent("masked.jsonl")
        try Data(first.stdout.utf8).write(to: file)
        let applied = try target.gqlpatch(["apply", file.path], schema: Self.blog)
        #expect(applied.status == 0, "\(applied)")
        let comments = try RecordCommandSupport.lines(try target.gqlpatch(["list", "Comment"], schema: Self.blog))
        for comment in comments {
            let parent = comment["postCommentsId"]?.stringValue ?? ""
            let read = try target.gqlpatch(["get", "Post", "--id", parent], schema: Self.blog)
            #expect(read.status == 0, "the masked comment's post is there: \(read)")
        }

        let refused = try source.gqlpatch(["export", "--mask", "Post.status"], schema: Self.blog)
        refused.expectFailure(65, "gqlpatch: error: mask Post.status: it holds PostStatus")
        let noKey = try source.gqlpatch(
            ["export", "--mask", "Post.id", "--state", "s.state", "-o", "o.jsonl"], schema: Self.blog)
        noKey.expectFailure(64, "gqlpatch: error: --mask with --state needs --mask-key")
    }

    private func pageToken(_ emulator: Emulator, model: String) throws -> String {
        let response = try emulator.graphQL("query { list\(model)s(limit: 1) { nextToken } }")
        return try #require(response["data"]?["list\(model)s"]?["nextToken"]?.stringValue)
    }
}
