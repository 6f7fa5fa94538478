import Foundation
import JSON
import Testing

/// `copy` streams: export's lines go into import through a pipe in the process, with no file. It
/// makes nothing in TMPDIR while it runs, moves more records than the pipe holds with memory to
/// spare, refuses before reading anything what the two schemas and the options decide, fails the
/// line of an owner value the mapping lacks, and ends in the export's error when the source fails.
@Suite struct CopyStreamEndToEndTests {
    static let schema = DataMoveEndToEndTests.schema
    static let sourceKey = DataMoveEndToEndTests.sourceKey
    static let targetKey = DataMoveEndToEndTests.targetKey

    /// Each side with its own key (`keys`: the source's and the target's).
    /// The small tests' emulators take the harness's own key (their records are seeded with it).
    private let both = (Emulator.apiKey, Emulator.apiKey)

    private func sides(_ source: Emulator, _ target: Emulator, keys: (String, String) = (sourceKey, targetKey))
        -> [String]
    {
        [
            "--from-endpoint", source.endpoint, "--from-api-key", keys.0, "--to-endpoint", target.endpoint,
            "--to-api-key", keys.1,
        ]
    }

    /// Records every entry that shows in `folder` while it runs, polled every 5 ms.
    final class FolderWatch: @unchecked Sendable {
        // @unchecked: `seen` and `running` are behind `lock`.
        private let lock = NSLock()
        private var seen: Set<String> = []
        private var running = true
        private let thread: Thread

        init(_ folder: String) {
            let box = Box()
            thread = Thread {
                while let watch = box.watch, watch.isRunning {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                    watch.lock.withLock { watch.seen.formUnion(names) }
                    Thread.sleep(forTimeInterval: 0.005)
                }
            }
            box.watch = self
            thread.start()
        }

        private final class Box: @unchecked Sendable { weak var watch: FolderWatch? }

        private var isRunning: Bool { lock.withLock { running } }

        /// Stops watching; the entries seen.
        func stop() -> Set<String> {
            lock.withLock {
                running = false
                return seen
            }
        }
    }

    @Test func twentyThousandRecordsStreamWithNoFileAndBoundedMemory() throws {
        let source = try Emulator(schema: Self.schema, arguments: ["--api-key", Self.sourceKey])
        defer { source.stop() }
        let target = try Emulator(schema: Self.schema, arguments: ["--api-key", Self.targetKey])
        defer { target.stop() }
        let seed = DataMoveEndToEndTests.seed()
        let seeded = try GQLPatchRun.run(
            [
                "--endpoint", source.endpoint, "--api-key", Self.sourceKey, "--schema", Self.schema, "apply", "-", "-j",
                "16",
            ],
            stdin: seed.joined(separator: "\n") + "\n", in: source.folder, timeout: 600, stdoutToFile: true)
        #expect(seeded.status == 0, "\(seeded.stderr)")

        let temporary = source.folder.appendingPathComponent("tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let watch = FolderWatch(temporary.path)
        let started = Date()
        let copied = try MeasuredRun.run(
            ["--schema", Self.schema, "copy", "--map-owner", "alice=bob", "-j", "16"] + sides(source, target),
            environment: ["TMPDIR": temporary.path], in: source.folder, guardSeconds: 900)
        let seen = watch.stop()
        let seconds = Date().timeIntervalSince(started)
        #expect(!copied.killed && copied.result.status == 0, "\(copied)")
        #expect(seen.isEmpty, "made in TMPDIR while copying: \(seen.sorted())")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
        // 20,000 records is some 2.7 MB of lines, over 40 times the pipe's 64 KiB: a copy that held
        // them, or a model of them, would show it less than one that holds a page.
        #expect(copied.peakKB < 100 * 1024, "peak \(copied.peakKB) kB")
        #expect(
            copied.result.stderr.contains(
                "gqlpatch: export: Blog 200 records, Post 4,000 records, Comment 8,000 records, Tag 100 records, PostTag 4,000 records, Note 3,700 records (4,000 second-pass updates)"
            ), "\(copied.result.stderr)")
        print("copy of 20,000 records: \(Int(seconds)) s, peak \(copied.peakKB) kB")

        let diff = try GQLPatchRun.run(
            ["--schema", Self.schema, "diff", "Blog", "Post", "Comment", "Tag", "PostTag"] + sides(source, target),
            in: source.folder, timeout: 600)
        #expect(diff.status == 0 && diff.stdout.isEmpty, "\(diff.stdout.prefix(2_000))\n\(diff.stderr)")
        let notes = try GQLPatchRun.run(
            ["--endpoint", target.endpoint, "--api-key", Self.targetKey, "--schema", Self.schema, "list", "Note"],
            in: source.folder, timeout: 600, stdoutToFile: true)
        let owners = try notes.stdout.split(separator: "\n").map { try JSONValue.parse(String($0))["owner"] }
        #expect(owners.count == 3_700 && owners.allSatisfy { $0 == "bob" }, "\(owners.count) notes")
    }

    /// A field whose type cannot hold the source's values and an owner field with no mapping are known
    /// from the schemas: listed before the source is read, and nothing is sent to either side.
    @Test func whatTheSchemasDecideIsRefusedBeforeAnythingIsRead() throws {
        let source = try Emulator(schema: Self.schema)
        defer { source.stop() }
        try source.create("Blog", ["id": "b1", "name": "Notes"])
        let changed = try String(contentsOfFile: Self.schema, encoding: .utf8).replacingOccurrences(
            of: "  title: String!\n", with: "  title: Int!\n")
        let targetSchema = source.folder.appendingPathComponent("target.graphql")
        try changed.write(to: targetSchema, atomically: false, encoding: .utf8)
        let target = try Emulator(schema: targetSchema.path)
        defer { target.stop() }
        let (read, written) = (try source.requests().count, try target.requests().count)
        let copied = try GQLPatchRun.run(
            ["copy", "--from-schema", Self.schema, "--to-schema", targetSchema.path]
                + sides(source, target, keys: both),
            in: source.folder)
        #expect(copied.status == 65, "\(copied)")
        #expect(
            copied.stderr.hasSuffix(
                """
                gqlpatch: error: the copy does not fit the target's schema (2 problems); nothing was written:
                  Post.title: the source's String does not fit the target's Int
                  Note.owner: the target's owner rules name owner, which the source's records hold: give --map-owner OLD=NEW for each owner, or --owner VALUE

                """), "\(copied)")
        #expect(copied.stdout.isEmpty)
        #expect(try source.requests().count == read, "nothing read")
        #expect(try target.requests().count == written, "nothing sent")

        // A dry run checks the schemas as the copy does (same exit, same list), sending nothing.
        let dry = try GQLPatchRun.run(
            ["copy", "--dry-run", "--from-schema", Self.schema, "--to-schema", targetSchema.path]
                + sides(source, target, keys: both),
            in: source.folder)
        #expect(dry.status == 65, "\(dry)")
        let refusal = copied.stderr.range(of: "gqlpatch: error: ").map { String(copied.stderr[$0.lowerBound...]) }
        #expect(refusal != nil && dry.stderr.hasSuffix(refusal ?? ""), "\(dry)")
        #expect(dry.stdout.isEmpty)
        // Once they fit, it shows what would be read and says what it left unchecked.
        let fits = try GQLPatchRun.run(
            ["copy", "--dry-run", "--map-owner", "alice=bob", "--from-schema", Self.schema, "--to-schema", Self.schema]
                + sides(source, target, keys: both),
            in: source.folder)
        #expect(fits.status == 0, "\(fits)")
        #expect(fits.stdout.contains("listBlogs"), "\(fits)")
        #expect(
            fits.stderr.hasSuffix(
                "gqlpatch: copy: dry run: the two schemas fit; each record would then be checked against the target's schema and written\n"
            ), "\(fits)")
        #expect(try source.requests().count == read, "nothing read")
        #expect(try target.requests().count == written, "nothing sent")
    }

    /// An owner value the mapping lacks shows only in a record: that record's line fails, as a value
    /// that does not type fails, and the others are written.
    @Test func anOwnerValueWithoutAMappingFailsItsLine() throws {
        let source = try Emulator(schema: Self.schema)
        defer { source.stop() }
        try source.create("Blog", ["id": "b1", "name": "Notes"])
        try source.create("Note", ["id": "n1", "text": "mine", "owner": "alice", "blogNotesId": "b1"])
        try source.create("Note", ["id": "n2", "text": "theirs", "owner": "carol", "blogNotesId": "b1"])
        let target = try Emulator(schema: Self.schema)
        defer { target.stop() }
        let copied = try GQLPatchRun.run(
            ["--schema", Self.schema, "copy", "Blog", "Note", "--map-owner", "alice=bob", "--continue-on-error"]
                + sides(source, target, keys: both), in: source.folder)
        #expect(copied.status == 4, "some lines failed: \(copied)")
        let failed = try copied.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
            .filter { $0["status"] == "failed" }
        #expect(failed.count == 1, "\(copied)")
        #expect(
            failed.first?["error"]?.stringValue?.hasPrefix(
                "<copy>:3: error: Note.owner: owner value without a mapping ('carol'): give --map-owner OLD=NEW for each"
            ) == true, "\(copied)")
        let notes = try GQLPatchRun.run(
            ["--endpoint", target.endpoint, "--api-key", Emulator.apiKey, "--schema", Self.schema, "list", "Note"],
            in: source.folder)
        let owners = try notes.stdout.split(separator: "\n").map { try JSONValue.parse(String($0))["owner"] }
        #expect(owners == ["bob"], "\(notes)")
    }

    /// A source that fails while it is read ends the copy in the export's error (its exit code and
    /// message), once the lines read before it are done: the models streamed before stay written.
    @Test func anExportThatFailsEndsTheCopyInItsError() throws {
        let source = try Emulator(
            schema: Self.schema, arguments: ["--api-key", Emulator.apiKey, "--deny-field", "Post.title"])
        defer { source.stop() }
        for index in 0..<3 {
            try source.create("Blog", ["id": .string("b\(index)"), "name": .string("Blog \(index)")])
        }
        try source.create("Post", ["id": "p1", "title": "First", "blogPostsId": "b0"])
        let target = try Emulator(schema: Self.schema)
        defer { target.stop() }
        let copied = try GQLPatchRun.run(
            ["--schema", Self.schema, "copy", "Blog", "Post"] + sides(source, target, keys: both), in: source.folder)
        let last = copied.stderr.split(separator: "\n").last.map(String.init) ?? ""
        // 77, as `export` alone exits on a read the source refuses.
        #expect(copied.status == 77, "\(copied)")
        #expect(last.hasPrefix("gqlpatch: error: not authorized: "), "\(copied)")
        #expect(copied.stderr.contains("gqlpatch: import: stopped after 3 lines"), "\(copied)")
        let listed = try GQLPatchRun.run(
            ["--endpoint", target.endpoint, "--api-key", Emulator.apiKey, "--schema", Self.schema, "list", "Blog"],
            in: source.folder)
        let stored = try listed.stdout.split(separator: "\n").compactMap {
            try JSONValue.parse(String($0))["id"]?.stringValue
        }
        #expect(Set(stored) == ["b0", "b1", "b2"], "\(listed)")
    }

    /// Ctrl-C stops a streaming copy as it stops import: the writes in flight finish, each is
    /// reported, the export stops with it, and the run exits 130; every record the target holds is a
    /// whole one that the output names.
    @Test func anInterruptedCopyStopsWithWholeRecordsOnly() throws {
        let source = try Emulator(schema: Self.schema)
        defer { source.stop() }
        for index in 0..<300 {
            try source.create("Blog", ["id": .string("b\(index)"), "name": .string("Blog \(index)")])
        }
        let target = try Emulator(schema: Self.schema, arguments: ["--api-key", Emulator.apiKey, "--latency-ms", "30"])
        defer { target.stop() }
        let temporary = source.folder.appendingPathComponent("tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let copy = try ApplyProcess(
            ["--schema", Self.schema, "copy", "Blog", "-j", "4"] + sides(source, target, keys: both), in: source.folder,
            environment: ["TMPDIR": temporary.path])
        #expect(copy.waitForOutput(lines: 10), "\(copy.stderr)")
        copy.signal(SIGINT)
        #expect(try copy.wait() == 130, "\(copy.stderr)")
        #expect(copy.stderr.contains("gqlpatch: import: interrupted after"), "\(copy.stderr)")
        #expect(!copy.stderr.contains("stopped with no journal"), "a copy takes no journal: \(copy.stderr)")
        let reported = try copy.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        let created = Set(reported.filter { $0["status"] == "created" }.compactMap { $0["key"]?["id"]?.stringValue })
        #expect(created.count < 300, "stopped before the end: \(created.count)")
        let listed = try GQLPatchRun.run(
            ["--endpoint", target.endpoint, "--api-key", Emulator.apiKey, "--schema", Self.schema, "list", "Blog"],
            in: source.folder)
        let stored = try listed.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(Set(stored.compactMap { $0["id"]?.stringValue }) == created, "the target holds what was reported")
        for record in stored {
            let id = record["id"]?.stringValue ?? ""
            #expect(record["name"]?.stringValue == "Blog \(id.dropFirst())", "\(record)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }
}
