import Foundation
import JSON
import Testing

/// `gqlpatch import` between two emulators: an export of A imported into an empty B gives the same
/// records, parents before children in B's request log; every kind of schema mismatch refused before
/// anything is sent; owners mapped; `--mode create` over a record that is there; a killed import
/// resumed from its journal; a tombstone on a versioned target reported.
@Suite struct ImportEndToEndTests {
    static let blog = ExportEndToEndTests.blog
    static let notes = TestPaths.fixture("import/notes.graphql")
    static let models = ["Blog", "Post", "Comment", "Tag", "PostTag"]

    /// A blog, two posts, a comment and its reply (the self-reference), a tag and a join record.
    private func seeded(arguments: [String] = ["--api-key", Emulator.apiKey]) throws -> Emulator {
        let emulator = try Emulator(schema: Self.blog, arguments: arguments)
        try emulator.create("Blog", ["id": "b1", "name": "Notes"])
        try emulator.create("Post", ["id": "p1", "title": "First", "status": "DRAFT", "blogPostsId": "b1"])
        try emulator.create("Post", ["id": "p2", "title": "Second", "meta": #"{"a":1}"#, "blogPostsId": "b1"])
        try emulator.create("Comment", ["id": "c1", "content": "hi", "postCommentsId": "p1"])
        try emulator.create("Comment", ["id": "c2", "content": "re", "postCommentsId": "p1", "parentID": "c1"])
        try emulator.create("Tag", ["id": "t1", "label": "news"])
        try emulator.create("PostTag", ["id": "pt1", "postId": "p1", "tagId": "t1"])
        return emulator
    }

    /// `export -o` from `source` into a file of `folder`.
    private func exported(_ source: Emulator, into folder: URL) throws -> String {
        let file = folder.appendingPathComponent("backup-\(UUID().uuidString).jsonl").path
        let result = try source.gqlpatch(["export", "-o", file], schema: Self.blog)
        #expect(result.status == 0, "\(result)")
        return file
    }

    /// Every record of every model as `list` prints it, without the timestamps, by model then id.
    private func records(_ emulator: Emulator, schema: String = blog, models: [String] = models) throws -> [String:
        [JSONValue]]
    {
        try RecordCommandSupport.records(emulator, schema: schema, models: models)
    }

    /// The mutations B received, in order: (operation name, the input's id).
    private func mutations(_ emulator: Emulator) throws -> [(name: String, id: String)] {
        try emulator.bodies().compactMap { body in
            guard let name = body["operationName"]?.stringValue, !name.hasPrefix("Get"), !name.hasPrefix("List"),
                name != "GQLPatchProbe"
            else { return nil }
            return (name, body["variables"]?["input"]?["id"]?.stringValue ?? "")
        }
    }

    @Test func exportThenImportGivesTheSameRecordsParentsFirst() throws {
        let source = try seeded()
        defer { source.stop() }
        let file = try exported(source, into: source.folder)
        let target = try Emulator(schema: Self.blog)
        defer { target.stop() }
        let imported = try target.gqlpatch(["import", file, "-j", "8"], schema: Self.blog)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stderr.contains("gqlpatch: import: done: 8 lines"), "\(imported)")
        #expect(try RecordCommandSupport.lines(imported).allSatisfy { $0["status"] != "failed" })
        #expect(try records(target) == (try records(source)))
        // In B's log: every write of a model after every write of the models before it in the file,
        // and the second pass (the reply's parent) last.
        let writes = try mutations(target)
        let order = ["Tag", "Blog", "Post", "Comment", "PostTag"]
        let firstPass = writes.dropLast()
        let ranks = firstPass.map { write in order.firstIndex(of: String(write.name.dropFirst("Create".count))) ?? -1 }
        #expect(ranks == ranks.sorted(), "\(writes)")
        #expect(writes.last?.name == "UpdateComment" && writes.last?.id == "c2", "\(writes)")
        let createPost = try #require(writes.firstIndex { $0.name == "CreatePost" })
        let createBlog = try #require(writes.firstIndex { $0.name == "CreateBlog" })
        #expect(createBlog < createPost)
    }

    @Test func eachKindOfMismatchIsListedAndNothingIsSent() throws {
        let target = try Emulator(schema: Self.blog)
        defer { target.stop() }
        let file = try target.file(
            "mismatch.jsonl",
            [
                #"{"op":"upsert","model":"Blog","key":{"id":"b1"},"set":{"title":"x","colour":"red"}}"#,
                #"{"op":"upsert","model":"Blog","key":{"id":"b2"},"set":{"colour":"blue"}}"#,
                #"{"op":"upsert","model":"Post","key":{"id":"p1"},"set":{"title":"y","status":"GONE"}}"#,
                #"{"op":"upsert","model":"Author","key":{"id":"a1"},"set":{"name":"z"}}"#,
            ].joined(separator: "\n") + "\n")
        let result = try target.gqlpatch(["import", file], schema: Self.blog)
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderrAfterUncheckedNote.hasPrefix(
                """
                gqlpatch: error: \(file) does not fit the target's schema (5 problems); nothing was written:
                  Blog.title: the target's UpdateBlogInput has no field title (line 1); leave it out with --drop-field Blog.title
                  Blog.colour: the target's UpdateBlogInput has no field colour (2 lines, the first line 1); leave it out with --drop-field Blog.colour
                  Post.status: "GONE" is not a value of enum PostStatus (DRAFT, PUBLISHED) (line 3)
                  Author: the target has no model Author (line 4)
                  Blog.name: the target's CreateBlogInput requires name, and no line sets it
                """), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(try target.bodiesBesidesProbe().isEmpty)
    }

    @Test func ownersAreMappedOrSetAndAnUnmappedOwnerIsRefused() throws {
        let target = try Emulator(schema: Self.notes)
        defer { target.stop() }
        let file = try target.file(
            "notes.jsonl",
            [
                #"{"op":"upsert","model":"Board","key":{"id":"w1"},"set":{"title":"Wall"}}"#,
                #"{"op":"upsert","model":"Note","key":{"id":"n1"},"set":{"text":"a","owner":"alice"}}"#,
                #"{"op":"upsert","model":"Note","key":{"id":"n2"},"set":{"text":"b","owner":"bob"}}"#,
            ].joined(separator: "\n") + "\n")
        let refused = try target.gqlpatch(["import", file, "--map-owner", "alice=ann"], schema: Self.notes)
        #expect(refused.status == 65, "\(refused)")
        #expect(
            refused.stderrAfterUncheckedNote.hasPrefix(
                """
                gqlpatch: error: \(file) does not fit the target's schema (1 problem); nothing was written:
                  Note.owner: owner values without a mapping ('bob'): give --map-owner OLD=NEW for each, or --owner VALUE (line 3)
                """), "\(refused)")
        #expect(try target.bodiesBesidesProbe().isEmpty)

        let mapped = try target.gqlpatch(
            ["import", file, "--map-owner", "alice=ann", "--map-owner", "bob=ben"], schema: Self.notes)
        #expect(mapped.status == 0, "\(mapped)")
        #expect(
            try records(target, schema: Self.notes, models: ["Note"])["Note"]?.map { $0["owner"] } == ["ann", "ben"])
        let owned = try target.gqlpatch(["import", file, "--owner", "root"], schema: Self.notes)
        #expect(owned.status == 0, "\(owned)")
        #expect(
            try records(target, schema: Self.notes, models: ["Note"])["Note"]?.map { $0["owner"] } == ["root", "root"])
        let both = try target.gqlpatch(["import", file, "--owner", "root", "--map-owner", "a=b"], schema: Self.notes)
        #expect(both.status == 64, "\(both)")
        #expect(both.stderr.hasPrefix("gqlpatch: error: --owner and --map-owner do not go together"), "\(both)")

        // Through the compiled schema (no @auth left in it) the mapping would act on nothing: the
        // records would keep their old owners. Refused before anything is read or sent.
        let compiled = try Emulator.compiledSchema(source: Self.notes, into: target.folder)
        let sent = try target.bodiesBesidesProbe().count
        for flags in [["--map-owner", "alice=ann"], ["--owner", "root"]] {
            let blind = try target.gqlpatch(["import", file] + flags, schema: compiled)
            #expect(blind.status == 65, "\(blind)")
            #expect(
                blind.stderr.hasPrefix(
                    "gqlpatch: error: \(flags[0]) has nothing to act on: the target's schema \(compiled) names no owner field (a compiled schema keeps no @auth rules); read the target through its source schema (--schema "
                ), "\(blind)")
        }
        // A schema that leaves the owner field implicit (as most Gen 2 ones do): no write input takes it,
        // AppSync fills it from the identity that writes. Mapping it would act on nothing either.
        let implicit = try target.file(
            "implicit.graphql", "type Note @model @auth(rules: [{ allow: owner }]) { id: ID!, text: String! }\n")
        for flags in [["--map-owner", "alice=ann"], ["--owner", "root"]] {
            let blind = try target.gqlpatch(["import", file] + flags, schema: implicit)
            #expect(blind.status == 65, "\(blind)")
            #expect(
                blind.stderr.hasPrefix(
                    "gqlpatch: error: \(flags[0]) has nothing to act on: the target's owner fields (Note.owner) are left implicit in its schema \(implicit): no create or update input takes them"
                ), "\(blind)")
        }
        #expect(try target.bodiesBesidesProbe().count == sent, "nothing sent")
    }

    @Test func createModeReportsARecordThatIsThereAndLeavesIt() throws {
        let source = try seeded()
        defer { source.stop() }
        let file = try exported(source, into: source.folder)
        let target = try Emulator(schema: Self.blog)
        defer { target.stop() }
        try target.create("Blog", ["id": "b1", "name": "Kept"])
        try target.create("Comment", ["id": "c2", "content": "mine", "parentID": "own"])
        let result = try target.gqlpatch(
            ["import", file, "--mode", "create", "--continue-on-error"], schema: Self.blog)
        #expect(result.status == 4, "\(result)")
        let lines = try RecordCommandSupport.lines(result)
        let blog = try #require(lines.first { $0["key"] == ["id": "b1"] })
        #expect(blog["status"] == "conflict", "\(blog)")
        #expect(blog["error"]?.stringValue?.hasPrefix("Blog id=b1 already exists") == true, "\(blog)")
        let after = try records(target)
        #expect(after["Blog"]?.first?["name"] == "Kept")
        // The reply that was there keeps its own parent: the second pass sets a link only where none is.
        #expect(after["Comment"]?.first { $0["id"] == "c2" }?["parentID"] == "own")
        #expect(after["Post"]?.count == 2)
    }

    @Test func replaceModeClearsWhatTheFileDoesNotName() throws {
        let target = try Emulator(schema: Self.blog)
        defer { target.stop() }
        try target.create("Post", ["id": "p1", "title": "Old", "status": "DRAFT", "meta": #"{"x":1}"#])
        // A file from a schema without Post.meta and Post.status.
        let file = try target.file(
            "posts.jsonl", #"{"op":"upsert","model":"Post","key":{"id":"p1"},"set":{"title":"New"}}"# + "\n")
        let upserted = try target.gqlpatch(["import", file], schema: Self.blog)
        #expect(upserted.status == 0, "\(upserted)")
        #expect(try records(target)["Post"]?.first?["status"] == "DRAFT")
        let replaced = try target.gqlpatch(["import", file, "--mode", "replace"], schema: Self.blog)
        #expect(replaced.status == 0, "\(replaced)")
        let post = try #require(try records(target)["Post"]?.first)
        #expect(post["title"] == "New" && post["status"] == .null && post["meta"] == .null, "\(post)")
    }

    @Test func aKilledImportResumesWithEveryRecordOnce() throws {
        let source = try seeded()
        defer { source.stop() }
        let file = try exported(source, into: source.folder)
        let target = try Emulator(schema: Self.blog, arguments: ["--api-key", Emulator.apiKey, "--latency-ms", "60"])
        defer { target.stop() }
        let journal = target.folder.appendingPathComponent("import.journal").path
        let arguments = [
            "--endpoint", target.endpoint, "--api-key", Emulator.apiKey, "--schema", Self.blog, "import", file, "-j",
            "1", "--journal", journal,
        ]
        let first = try ApplyProcess(arguments, in: target.folder)
        #expect(first.waitForOutput(lines: 3))
        first.signal(SIGKILL)
        _ = try first.wait()
        let resumed = try target.gqlpatch(Array(arguments.dropFirst(6)) + ["--resume"], schema: Self.blog)
        #expect(resumed.status == 0, "\(resumed)")
        #expect(try records(target) == (try records(source)))
        // Each line reported by one run (the killed run's last line may be torn), none twice.
        let reported = (first.stdout.split(separator: "\n") + resumed.stdout.split(separator: "\n")).compactMap {
            (try? JSONValue.parse(String($0)))?["line"]?.intValue
        }
        // Line 1 is the export's header, line 10 its end line: neither is sent nor reported.
        #expect(Set(reported) == Set(2...9), "\(reported)")
        #expect(reported.count == Set(reported).count, "\(reported)")
        let creates = try mutations(target).filter { $0.name.hasPrefix("Create") }
        #expect(creates.count == Set(creates.map { "\($0.name) \($0.id)" }).count, "\(creates)")
    }

    @Test func aTombstoneOnAVersionedTargetIsReportedNotResurrected() throws {
        let (target, compiled) = try RecordCommandSupport.versionedEmulator()
        defer { target.stop() }
        try target.create("Item", ["id": "gone", "name": "Lamp"])
        try target.softDelete("gone", version: 1)
        let file = try target.file(
            "items.jsonl",
            [
                #"{"op":"upsert","model":"Item","key":{"id":"fresh"},"set":{"name":"Chair"}}"#,
                #"{"op":"upsert","model":"Item","key":{"id":"gone"},"set":{"name":"Lamp again"}}"#,
            ].joined(separator: "\n") + "\n")
        let result = try target.gqlpatch(["import", file, "--continue-on-error"], schema: compiled)
        #expect(result.status == 4, "\(result)")
        let lines = try RecordCommandSupport.lines(result)
        #expect(lines.first { $0["line"] == 1 }?["status"] == "created", "\(lines)")
        let gone = try #require(lines.first { $0["line"] == 2 })
        #expect(gone["status"] == "not_found", "\(gone)")
        #expect(gone["error"]?.stringValue?.contains("_deleted: true") == true, "\(gone)")
        #expect(try target.storedItem("gone")["_deleted"] == true)
        #expect(try target.inputs(of: "CreateItem").map { $0["id"] } == ["fresh"])
    }
}
