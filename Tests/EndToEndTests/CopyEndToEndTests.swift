import Foundation
import JSON
import Testing

/// `gqlpatch copy` between two emulators: the records arrive (diff finds nothing), masked ones
/// differ and still join, a target that does not fit is refused before anything is sent, and
/// nothing is left in TMPDIR in either case (`CopyStreamEndToEndTests`: nothing is made there).
@Suite struct CopyEndToEndTests {
    static let blog = ExportEndToEndTests.blog

    private func seeded() throws -> Emulator {
        let emulator = try Emulator(schema: Self.blog)
        try emulator.create("Blog", ["id": "b1", "name": "Notes"])
        try emulator.create("Post", ["id": "p1", "title": "First", "blogPostsId": "b1"])
        try emulator.create("Comment", ["id": "c1", "content": "hi", "postCommentsId": "p1"])
        try emulator.create("Comment", ["id": "c2", "content": "re", "postCommentsId": "p1", "parentID": "c1"])
        return emulator
    }

    private func sides(_ source: Emulator, _ target: Emulator) -> [String] {
        [
            "--from-endpoint", source.endpoint, "--from-api-key", Emulator.apiKey, "--to-endpoint", target.endpoint,
            "--to-api-key", Emulator.apiKey,
        ]
    }

    private func temporaryFolder(_ emulator: Emulator) throws -> URL {
        let folder = emulator.folder.appendingPathComponent("tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aCopyArrivesWholeAndDiffFindsNothing() throws {
        let source = try seeded()
        defer { source.stop() }
        let target = try Emulator(schema: Self.blog)
        defer { target.stop() }
        let temporary = try temporaryFolder(source)
        let copied = try GQLPatchRun.run(
            ["--schema", Self.blog, "copy"] + sides(source, target), environment: ["TMPDIR": temporary.path],
            in: source.folder)
        #expect(copied.status == 0, "\(copied)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "nothing left in TMPDIR")
        let diff = try GQLPatchRun.run(["--schema", Self.blog, "diff"] + sides(source, target), in: source.folder)
        #expect(diff.status == 0, "\(diff)")
        // Parents first in the target: the blog before its post, the post before its comments.
        let mutations = try target.bodies().compactMap { $0["query"]?.stringValue }.filter { $0.hasPrefix("mutation") }
        let order = ["Blog", "Post", "Comment"].map { model in
            mutations.firstIndex { $0.contains("Upsert\(model)") || $0.contains("\(model)(") } ?? -1
        }
        #expect(order == order.sorted() && !order.contains(-1), "\(order): \(mutations)")
    }

    @Test func aMaskedCopyKeepsItsRelations() throws {
        let source = try seeded()
        defer { source.stop() }
        let target = try Emulator(schema: Self.blog)
        defer { target.stop() }
        let copied = try GQLPatchRun.run(
            ["--schema", Self.blog, "copy", "--mask", "Post.id", "--mask", "Comment.content", "--mask-key", "k"]
                + sides(source, target), in: source.folder)
        #expect(copied.status == 0, "\(copied)")
        let comments = try RecordCommandSupport.lines(try target.gqlpatch(["list", "Comment"], schema: Self.blog))
        #expect(comments.count == 2)
        for comment in comments {
            #expect(!["hi", "re"].contains(comment["content"]?.stringValue ?? ""), "\(comment)")
            let post = try target.gqlpatch(
                ["get", "Post", "--id", comment["postCommentsId"]?.stringValue ?? ""], schema: Self.blog)
            #expect(post.status == 0, "the masked post id still joins: \(post)")
        }
    }

    @Test func aTargetThatDoesNotFitIsRefusedBeforeAnythingIsSent() throws {
        let source = try seeded()
        defer { source.stop() }
        // The target's Post has no title: every Post line names a field it lacks.
        let schema = try String(contentsOfFile: Self.blog, encoding: .utf8).replacingOccurrences(
            of: "  title: String!\n", with: "")
        let targetSchema = source.folder.appendingPathComponent("target.graphql")
        try schema.write(to: targetSchema, atomically: false, encoding: .utf8)
        let target = try Emulator(schema: targetSchema.path)
        defer { target.stop() }
        let temporary = try temporaryFolder(source)
        let before = try target.requests().count
        let copied = try GQLPatchRun.run(
            ["copy", "--from-schema", Self.blog, "--to-schema", targetSchema.path] + sides(source, target),
            environment: ["TMPDIR": temporary.path], in: source.folder)
        // The export's notes come first; the error is import's.
        #expect(copied.status == 65, "\(copied)")
        let error = copied.stderr.split(separator: "\n").first { $0.hasPrefix("gqlpatch: error: ") }
        #expect(error?.hasPrefix("gqlpatch: error: ") == true && copied.stderr.contains("title"), "\(copied)")
        #expect(copied.stdout.isEmpty)
        #expect(try target.requests().count == before, "nothing sent to the target")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "nothing left in TMPDIR")
        #expect(copied.stderr.contains("leave it out with --drop-field Post.title"), "\(copied)")

        // Left out by name, the field the target lacks no longer stops the copy.
        let dropped = try GQLPatchRun.run(
            ["copy", "--from-schema", Self.blog, "--to-schema", targetSchema.path, "--drop-field", "Post.title"]
                + sides(source, target), in: source.folder)
        #expect(dropped.status == 0, "\(dropped)")
        let posts = try RecordCommandSupport.lines(try target.gqlpatch(["list", "Post"], schema: targetSchema.path))
        #expect(posts.count == 1 && posts.allSatisfy { $0["title"] == nil }, "\(posts)")
        let typo = try GQLPatchRun.run(
            ["copy", "--from-schema", Self.blog, "--to-schema", targetSchema.path, "--drop-field", "Post.titel"]
                + sides(source, target), in: source.folder)
        typo.expectFailure(
            65, "gqlpatch: error: --drop-field Post.titel: the source's Post has no field titel; did you mean title?")
        let shape = try GQLPatchRun.run(["copy", "--drop-field", "Post"] + sides(source, target), in: source.folder)
        shape.expectFailure(64, "gqlpatch: error: --drop-field expects MODEL.FIELD")
    }

    /// An import file with a field the target lacks: refused with the way out, then imported without it.
    @Test func anImportLeavesOutTheFieldsItIsToldTo() throws {
        let target = try Emulator(schema: Self.blog)
        defer { target.stop() }
        let file = try target.file(
            "colour.jsonl",
            #"{"op":"upsert","model":"Blog","key":{"id":"b1"},"set":{"name":"Notes","colour":"red"}}"# + "\n")
        let refused = try target.gqlpatch(["import", file], schema: Self.blog)
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderr.contains("leave it out with --drop-field Blog.colour"), "\(refused)")
        let imported = try target.gqlpatch(["import", file, "--drop-field", "Blog.colour"], schema: Self.blog)
        #expect(imported.status == 0, "\(imported)")
        #expect(try target.gqlpatch(["get", "Blog", "--id", "b1"], schema: Self.blog).json()["name"] == "Notes")
        let unknown = try target.gqlpatch(["import", file, "--drop-field", "Blgo.colour"], schema: Self.blog)
        unknown.expectFailure(
            65, "gqlpatch: error: --drop-field Blgo.colour: the schema has no model Blgo; did you mean Blog?")
    }
}
