import Foundation
import JSON
import Testing

/// A masked key never leaks through the children of a parent that is not written: an export of
/// `Post` alone with `--mask Blog.id` (killed once, then resumed) and a copy of `Post` alone hold
/// the blog's original id nowhere: not in the output, the state, the part files, stderr, the
/// target's records or the requests the target received.
@Suite struct MaskLeakEndToEndTests {
    static let blog = ExportEndToEndTests.blog
    static let original = "blog-original-5150"

    /// A blog with the original id and a dozen posts in it, read slowly so an export can be stopped.
    private func source() throws -> Emulator {
        let emulator = try Emulator(schema: Self.blog, arguments: ["--api-key", Emulator.apiKey, "--latency-ms", "30"])
        try emulator.create("Blog", ["id": .string(Self.original), "name": "Notes"])
        for number in 1...12 {
            try emulator.create(
                "Post",
                [
                    "id": .string("post-\(number)"), "title": .string("T\(number)"),
                    "blogPostsId": .string(Self.original),
                ])
        }
        return emulator
    }

    /// Expects none of `files` (those that exist; folders by their files) nor `texts` to hold the original id.
    private func expectNoLeak(_ files: [URL], _ texts: [String: String], _ when: String) {
        var paths: [URL] = []
        for url in files {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                paths += (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? []
            } else {
                paths.append(url)
            }
        }
        for path in paths {
            let text = String(decoding: (try? Data(contentsOf: path)) ?? Data(), as: UTF8.self)
            #expect(!text.contains(Self.original), "\(when): \(path.lastPathComponent) holds the original id")
        }
        for (name, text) in texts {
            #expect(!text.contains(Self.original), "\(when): \(name) holds the original id: \(text)")
        }
    }

    @Test func aChildOnlyExportAndCopyHoldNoOriginalParentKey() throws {
        let source = try source()
        defer { source.stop() }
        let folder = source.folder
        let written = ["posts.jsonl", "posts.jsonl.partial", "posts.state", "posts.state.parts", "posts.state.lock"].map
        {
            folder.appendingPathComponent($0)
        }
        let export = [
            "--endpoint", source.endpoint, "--api-key", Emulator.apiKey, "--schema", Self.blog, "export", "Post",
            "--mask", "Blog.id=hash", "--mask-key", "k", "--page-size", "2", "--state", "posts.state", "-o",
            "posts.jsonl",
        ]
        // Killed once a page is recorded (a state it shows), the files it leaves are checked too.
        let killed = try ApplyProcess(export, in: folder)
        let deadline = Date().addingTimeInterval(30)
        let state = folder.appendingPathComponent("posts.state")
        func recordedAPage() -> Bool {
            guard let text = try? String(contentsOf: state, encoding: .utf8) else { return false }
            return !text.contains(#""partLength":0,"#)
        }
        while Date() < deadline, killed.process.isRunning, !recordedAPage() { Thread.sleep(forTimeInterval: 0.005) }
        #expect(killed.process.isRunning, "the export was still reading when stopped")
        killed.signal(SIGKILL)
        _ = try killed.wait(timeout: 30)
        #expect(FileManager.default.fileExists(atPath: state.path), "the killed run left its state")
        expectNoLeak(written, ["stderr": killed.stderr], "after the kill")
        let resumed = try GQLPatchRun.run(export, in: folder)
        #expect(resumed.status == 0, "\(resumed)")
        expectNoLeak(written, ["stderr": resumed.stderr], "after the resume")
        let lines = try String(contentsOf: written[0], encoding: .utf8).split(separator: "\n").map {
            try JSONValue.parse(String($0))
        }.filter { $0["model"] == "Post" }
        #expect(lines.count == 12)
        let masked = Set(lines.compactMap { $0["set"]?["blogPostsId"]?.stringValue })
        #expect(masked.count == 1 && !masked.contains(Self.original), "\(masked)")

        let target = try Emulator(schema: Self.blog)
        defer { target.stop() }
        let copied = try GQLPatchRun.run(
            [
                "--schema", Self.blog, "copy", "Post", "--mask", "Blog.id=hash", "--mask-key", "k", "--from-endpoint",
                source.endpoint, "--from-api-key", Emulator.apiKey, "--to-endpoint", target.endpoint, "--to-api-key",
                Emulator.apiKey,
            ], in: folder)
        #expect(copied.status == 0, "\(copied)")
        let requests = try target.bodies().map { $0.serialized() }.joined(separator: "\n")
        expectNoLeak([], ["stdout": copied.stdout, "stderr": copied.stderr, "the target's requests": requests], "copy")
        let posts = try RecordCommandSupport.lines(try target.gqlpatch(["list", "Post"], schema: Self.blog))
        #expect(posts.count == 12)
        #expect(Set(posts.compactMap { $0["blogPostsId"]?.stringValue }) == masked, "the same key masks alike")
    }
}
