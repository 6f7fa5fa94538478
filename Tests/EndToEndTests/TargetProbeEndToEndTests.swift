import Foundation
import JSON
import Testing

/// `copy` and `import` send one cheap request to the target before reading anything else, so a
/// wrong key or endpoint fails at once: the source is never read, the file never checked.
@Suite struct TargetProbeEndToEndTests {
    @Test func aCopyIntoATargetThatRefusesTheKeyReadsNothing() throws {
        let source = try Emulator()
        defer { source.stop() }
        try source.create("Item", ["id": "1", "name": "Lamp"])
        let before = try source.bodies().count
        let target = try Emulator()
        defer { target.stop() }
        let copied = try GQLPatchRun.run(
            [
                "--schema", TestPaths.schema, "copy", "Item", "--from-endpoint", source.endpoint, "--from-api-key",
                Emulator.apiKey, "--to-endpoint", target.endpoint, "--to-api-key", "da2-wrong",
            ], in: source.folder)
        #expect(copied.status == 77, "\(copied)")
        #expect(
            copied.stderr.hasPrefix(
                "gqlpatch: error: the target (\(target.endpoint)) failed a first request, so nothing was read or sent: HTTP 401"
            ), "\(copied)")
        #expect(try source.bodies().count == before, "the source was not read")
        #expect(try target.bodies().map(\.["operationName"]) == ["GQLPatchProbe"])
    }

    @Test func anImportIntoAnUnreachableTargetFailsBeforeTheFileIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A damaged file: without the probe first, the file's refusal (65) would come first.
        let file = folder.appendingPathComponent("damaged.jsonl").path
        try #"{"op":"upsert","model":"Item","key":{"id":"#.write(toFile: file, atomically: true, encoding: .utf8)
        let endpoint = "http://127.0.0.1:9/graphql"
        let result = try GQLPatchRun.run(
            ["--endpoint", endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema, "import", file],
            in: folder)
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr.hasPrefix("gqlpatch: error: the target (\(endpoint)) failed a first request"), "\(result)")
        // A dry run sends nothing, so it checks the file alone.
        let dry = try GQLPatchRun.run(
            [
                "--endpoint", endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema, "--dry-run",
                "import", file,
            ],
            in: folder)
        #expect(dry.status == 65, "\(dry)")
        #expect(dry.stderr.contains("gqlpatch: error: \(file) is damaged"), "\(dry)")
    }
}
