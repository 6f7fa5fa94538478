import Foundation
import JSON
import Testing

/// Issue 37's whole move, at scale: 20,000 records of six related models (a join model, a
/// self-reference, an owner-protected model) exported from one emulator, read through the schema
/// the transformer compiled, with an API key, and imported into another that admits only SigV4
/// (temporary credentials), read as a Gen 2 app reads it: through its `amplify_outputs.json` (the
/// endpoint, the region, IAM as the default auth, and the models as model introspection, with the
/// owner rules), the owner mapped to a new user; the import killed with SIGKILL at
/// random moments ten times and resumed from its journal. Then: `diff` finds nothing on the five
/// public models (nothing missing, nothing extra, every field alike), every note is there with its
/// new owner, and no child was created before its parent.
@Suite(.serialized) struct DataMoveEndToEndTests {
    static let schema = TestPaths.fixture("import/blog-notes.graphql")
    /// The same API as Gen 2 publishes it; the endpoint and the key are filled in per run.
    static let outputs = TestPaths.fixture("import/blog-notes.amplify_outputs.json")
    static let sourceKey = "da2-source0123456789abcdef00"
    static let targetKey = "da2-target0123456789abcdef00"

    /// The seed, 20,000 lines: 200 blogs, 4,000 posts, 8,000 comments (every other one a reply to
    /// the one before), 100 tags, 4,000 post-tag joins and 3,700 notes of user alice.
    static func seed() -> [String] {
        var lines: [String] = []
        func line(_ model: String, _ id: String, _ set: String) {
            lines.append(#"{"op":"create","model":"\#(model)","key":{"id":"\#(id)"},"set":{\#(set)}}"#)
        }
        for b in 0..<200 { line("Blog", "b\(b)", #""name":"Blog \#(b)""#) }
        for t in 0..<100 { line("Tag", "t\(t)", #""label":"tag \#(t)""#) }
        for p in 0..<4_000 {
            line("Post", "p\(p)", #""title":"Post \#(p)","meta":"{\"n\":\#(p)}","blogPostsId":"b\#(p % 200)""#)
        }
        for c in 0..<8_000 {
            let parent = c % 2 == 1 ? #","parentID":"c\#(c - 1)""# : ""
            line("Comment", "c\(c)", #""content":"comment \#(c)","postCommentsId":"p\#(c / 2)"\#(parent)"#)
        }
        for j in 0..<4_000 { line("PostTag", "j\(j)", #""postId":"p\#(j)","tagId":"t\#(j % 100)""#) }
        for n in 0..<3_700 {
            line("Note", "n\(n)", #""text":"note \#(n)","owner":"alice","blogNotesId":"b\#(n % 200)""#)
        }
        return lines
    }

    /// The Gen 2 side's checks come from its model introspection: fields it lacks, a required field no
    /// line sets and an owner without a mapping are listed before anything is sent.
    @Test func aFileThatDoesNotFitTheGen2SideIsRefusedBeforeSending() throws {
        let identity = AWSStubIdentity.make(temporary: true)
        let target = try Emulator(
            schema: Self.schema, arguments: ["--api-key", Self.targetKey, "--iam", identity.emulatorArgument()])
        defer { target.stop() }
        var iam = identity.environment
        iam["AWS_EC2_METADATA_DISABLED"] = "true"
        iam["HOME"] = target.folder.path
        let outputs = try Self.filledOutputs(for: target)
        let file = try target.file(
            "mismatch.jsonl",
            [
                #"{"op":"upsert","model":"Blog","key":{"id":"b1"},"set":{"name":"x","colour":"red"}}"#,
                #"{"op":"create","model":"Note","key":{"id":"n1"},"set":{"owner":"alice"}}"#,
            ].joined(separator: "\n") + "\n")
        let result = try GQLPatchRun.run(
            ["--config", outputs, "import", file], environment: iam, in: target.folder, timeout: 120)
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderrAfterUncheckedNote.hasPrefix(
                """
                gqlpatch: error: \(file) does not fit the target's schema (3 problems); nothing was written:
                  Blog.colour: the target's UpdateBlogInput has no field colour (line 1); leave it out with --drop-field Blog.colour
                  Note.owner: owner values without a mapping ('alice'): give --map-owner OLD=NEW for each, or --owner VALUE (line 2)
                  Note.text: the target's CreateNoteInput requires text, and no line sets it
                """), "\(result)")
        #expect(try target.bodiesBesidesProbe().isEmpty, "nothing sent")
    }

    /// The fixture's `amplify_outputs.json` pointed at `target` (its endpoint and API key), in its folder.
    static func filledOutputs(for target: Emulator) throws -> String {
        let outputs = target.folder.appendingPathComponent("amplify_outputs.json").path
        let filled = try String(contentsOfFile: Self.outputs, encoding: .utf8)
            .replacingOccurrences(of: #""url": "ENDPOINT""#, with: #""url": "\#(target.endpoint)""#)
            .replacingOccurrences(of: #""api_key": "API_KEY""#, with: #""api_key": "\#(Self.targetKey)""#)
        try filled.write(toFile: outputs, atomically: false, encoding: .utf8)
        return outputs
    }

    @Test func exportThenAKilledAndResumedImportMovesEverythingOnce() throws {
        let source = try Emulator(schema: Self.schema, arguments: ["--api-key", Self.sourceKey])
        defer { source.stop() }
        let identity = AWSStubIdentity.make(temporary: true)
        let target = try Emulator(
            schema: Self.schema, arguments: ["--api-key", Self.targetKey, "--iam", identity.emulatorArgument()])
        var iam = identity.environment
        iam["AWS_EC2_METADATA_DISABLED"] = "true"
        iam["HOME"] = target.folder.path
        defer { target.stop() }
        let seed = Self.seed()
        #expect(seed.count == 20_000)
        let seeded = try GQLPatchRun.run(
            [
                "--endpoint", source.endpoint, "--api-key", Self.sourceKey, "--schema", Self.schema, "apply", "-", "-j",
                "16",
            ],
            stdin: seed.joined(separator: "\n") + "\n", in: source.folder, timeout: 600, stdoutToFile: true)
        #expect(seeded.status == 0, "\(seeded.stderr)")

        // The source read through what the transformer compiled; the target through its Gen 2 outputs.
        let outputs = try Self.filledOutputs(for: target)
        let compiled = try Emulator.compiledSchema(source: Self.schema, into: source.folder)
        let file = source.folder.appendingPathComponent("move.jsonl").path
        let exported = try GQLPatchRun.run(
            ["--endpoint", source.endpoint, "--api-key", Self.sourceKey, "--schema", compiled, "export", "-o", file],
            in: source.folder, timeout: 600)
        #expect(exported.status == 0, "\(exported)")

        let journal = source.folder.appendingPathComponent("move.journal").path
        let importing = [
            "--config", outputs, "import", file, "--map-owner", "alice=bob", "-j", "16", "--journal", journal,
        ]
        var random = SystemRandomNumberGenerator()
        var killed = 0
        for _ in 0..<10 {
            // A run killed before its check pass ended left no journal: the next starts afresh.
            let resuming = FileManager.default.fileExists(atPath: journal)
            let process = try ApplyProcess(
                importing + (resuming ? ["--resume"] : []), in: source.folder, environment: iam)
            // Killed while it writes: once the journal is there (the check pass done, however slow
            // the machine), at a random moment of the next 1.5 s.
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline, process.process.isRunning, !FileManager.default.fileExists(atPath: journal) {
                Thread.sleep(forTimeInterval: 0.02)
            }
            Thread.sleep(forTimeInterval: Double.random(in: 0.05...1.5, using: &random))
            if process.process.isRunning {
                process.signal(SIGKILL)
                killed += 1
            }
            _ = try process.wait(timeout: 120)
        }
        #expect(killed >= 5, "most runs were still going when killed (\(killed) of 10)")
        let last = try GQLPatchRun.run(
            importing + (FileManager.default.fileExists(atPath: journal) ? ["--resume"] : []), environment: iam,
            in: source.folder, timeout: 900, stdoutToFile: true)
        #expect(last.status == 0, "\(last.stderr)")

        let diff = try GQLPatchRun.run(
            [
                "diff", "Blog", "Post", "Comment", "Tag", "PostTag", "--from-schema", Self.schema, "--from-endpoint",
                source.endpoint, "--from-api-key", Self.sourceKey, "--to-config", outputs,
            ], environment: iam, in: source.folder, timeout: 600)
        #expect(diff.status == 0, "\(diff.stdout.prefix(2_000))\n\(diff.stderr)")
        #expect(diff.stdout.isEmpty)
        let notes = try GQLPatchRun.run(
            ["--endpoint", target.endpoint, "--api-key", Self.targetKey, "--schema", Self.schema, "list", "Note"],
            in: source.folder, timeout: 600, stdoutToFile: true)
        let owners = try notes.stdout.split(separator: "\n").map { try JSONValue.parse(String($0))["owner"] }
        #expect(owners.count == 3_700 && owners.allSatisfy { $0 == "bob" }, "\(owners.count) notes")

        // The target's log: no child created before its parent. (A create may be sent twice for one
        // key when a killed run's create was still in flight; the second is refused, as the key is
        // taken, so it is the records that are counted: diff above, every note here.)
        var created: Set<String> = []
        var orphans: [String] = []
        for body in try target.bodies() {
            let query = body["query"]?.stringValue ?? ""
            guard query.hasPrefix("mutation"), query.contains("create"),
                let input = body["variables"]?["input"]?.objectValue, let id = input["id"]?.stringValue
            else { continue }
            for parent in ["blogPostsId", "postCommentsId", "postId", "tagId", "blogNotesId"] {
                if let referenced = input[parent]?.stringValue, !created.contains(referenced) {
                    orphans.append("\(id) before \(referenced)")
                }
            }
            created.insert(id)
        }
        #expect(created.count == 20_000, "\(created.count) records created")
        #expect(orphans.isEmpty, "children before their parents: \(orphans.prefix(20))")
    }
}
