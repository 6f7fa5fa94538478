import Foundation
import JSON
import Testing

/// Huge and deep inputs through the built binary (`--dry-run`, so nothing is sent): a 100 MB
/// schema loads; JSON nested 100,000 levels stops at the documented limit with its position (no
/// stack overflow); a 10,000-field object value is refused by name; a 10,000-item list is typed.
@Suite struct HostileInputEndToEndTests {
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-huge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func dryRun(
        _ arguments: [String], schema: String = TestPaths.schema, in folder: URL, timeout: Double = 60
    ) throws -> ProcessResult {
        try GQLPatchRun.run(
            [
                "--dry-run", "--endpoint", "http://127.0.0.1:9/graphql", "--api-key", "da2-k", "--schema", schema,
                "--compact", "update", "Item", "--id", "item-1",
            ] + arguments,
            in: folder, timeout: timeout)
    }

    @Test func hundredMegabyteSchemaLoads() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.graphql")
        _ = FileManager.default.createFile(atPath: path.path, contents: nil)
        let handle = try FileHandle(forWritingTo: path)
        try handle.write(contentsOf: Data("type Item @model {\n  id: ID!\n  name: String\n}\n".utf8))
        let fields = (0..<40).map { "  field\($0): String @deprecated(reason: \"filler\")\n" }.joined()
        var written = 0
        var index = 0
        var chunk = ""
        while written < 100 << 20 {
            chunk += "\"Type \(index), generated to make the schema large.\"\ntype Filler\(index) {\n\(fields)}\n"
            index += 1
            if chunk.utf8.count > 1 << 20 {
                written += chunk.utf8.count
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try handle.close()
        // The debug build takes about 25 s for this file on a busy 2-core machine, longer with the
        // other tests running beside it: the timeout is only a guard against a hang.
        let result = try Self.dryRun(["--set", "name=Lamp"], schema: path.path, in: folder, timeout: 300)
        #expect(result.status == 0, "\(result.status) \(result.stderr)")
        let plan = try result.json()
        #expect(plan["steps"]?.arrayValue?.first?["variables"]?["input"] == ["id": "item-1", "name": "Lamp"])
    }

    @Test func patchNestedHundredThousandLevelsStopsAtTheLimit() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("deep.json")
        let depth = 100_000
        try Data(
            ("{\"name\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}").utf8
        )
        .write(to: path)
        let result = try Self.dryRun(["--patch", path.path], in: folder)
        #expect(result.status == 65)
        // `{"name":` is columns 1-8 (level 1); the array at column 9 is level 2, so level 513 is column 520.
        #expect(
            result.stderr.hasPrefix("\(path.path):1:520: error: --patch: nesting deeper than 512 levels"), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    /// 60,000 levels: one argument may be at most 128 KB long on Linux.
    @Test func deepValueInAnAssignmentStopsAtTheLimit() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000)
        let result = try Self.dryRun(["--set", "tags:=\(json)"], in: folder)
        #expect(result.status == 65, "\(result.status) \(result.stderr.prefix(300))")
        #expect(result.stderr.contains("nesting deeper than 512 levels"), "\(result.stderr.prefix(300))")
        #expect(result.stdout.isEmpty)
    }

    @Test func tenThousandFieldObjectIsRefusedByName() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var object = JSONObject()
        object["bucket"] = "b"
        object["region"] = "eu-west-1"
        object["key"] = "k"
        for index in 0..<10_000 { object["extra\(index)"] = .int(index) }
        let path = folder.appendingPathComponent("file.json")
        try Data(JSONValue.object(object).serialized().utf8).write(to: path)
        let result = try Self.dryRun(["--set", "imageFile=@\(path.path)"], in: folder)
        #expect(result.status == 65)
        #expect(
            result.stderr.hasPrefix("gqlpatch: error: Item.imageFile: unknown field \"extra0\""),
            "\(result.stderr.prefix(300))")
        #expect(result.stdout.isEmpty)
    }

    @Test func tenThousandItemListIsTyped() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let items = (0..<10_000).map { JSONValue.string("tag\($0)") }
        let path = folder.appendingPathComponent("tags.json")
        try Data(JSONValue.array(items).serialized().utf8).write(to: path)
        let result = try Self.dryRun(["--set", "tags=@\(path.path)"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try result.json()["steps"]?.arrayValue?.first?["variables"]?["input"]?["tags"] == .array(items))
    }
}
