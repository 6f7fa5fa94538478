import Foundation
import JSON
import Testing

/// `apply` lines with edits and upserts (issue 17 #8): worked out from the record as read, written
/// guarded, reported; `--atomic` undoes them by writing back the values read.
@Suite struct ApplyEditEndToEndTests {
    static let schema = EditEndToEndTests.schema

    static func statuses(_ result: ProcessResult) throws -> [Int: String] {
        var out: [Int: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let value = try JSONValue.parse(Array(line.utf8))
            if let number = value["line"]?.intValue, out[number] == nil { out[number] = value["status"]?.stringValue }
        }
        return out
    }

    @Test func editLinesApplyAndAnAtomicRunUndoesThem() throws {
        let emulator = try EditEndToEndTests.emulator("none")
        defer { emulator.stop() }
        _ = try emulator.gqlpatch(
            [
                "create", "Item", "--set", "id=a1", "--set", "name=A", "--set", "stock:=1", "--set", "tags:=[\"x\"]",
                "--set", #"imageFile:={"bucket": "b", "region": "r", "key": "k"}"#,
            ], schema: Self.schema)
        let lines = [
            #"{"op": "update", "model": "Item", "key": {"id": "a1"}, "incr": {"stock": 2}, "append": {"tags": ["y", "z"]}, "merge": {"imageFile": {"size": 5}}}"#,
            #"{"op": "upsert", "model": "Item", "key": {"id": "a2"}, "set": {"name": "B"}, "incr": {"stock": 1}}"#,
            #"{"op": "upsert", "model": "Item", "key": {"id": "a2"}, "set": {"name": "B"}, "incr": {"stock": 1}}"#,
        ]
        let good = try emulator.file("good.jsonl", lines.joined(separator: "\n") + "\n")
        let applied = try emulator.gqlpatch(["apply", good], schema: Self.schema)
        #expect(applied.status == 0, "\(applied)")
        #expect(try Self.statuses(applied) == [1: "updated", 2: "created", 3: "updated"])
        var a1 = try EditEndToEndTests.stored(emulator, "a1")
        #expect(a1["stock"] == .int(3))
        #expect(a1["tags"] == ["x", "y", "z"])
        #expect(a1["imageFile"]?["size"] == .int(5))
        #expect(a1["imageFile"]?["key"] == "k")
        #expect(try EditEndToEndTests.stored(emulator, "a2")["stock"] == .int(2))

        // The same edits again, then a line that fails: --atomic writes the values read back.
        let failing = try emulator.file(
            "failing.jsonl",
            ([lines[0], #"{"op": "upsert", "model": "Item", "key": {"id": "a3"}, "set": {"name": "C"}}"#]
                + [#"{"op": "update", "model": "Item", "key": {"id": "missing"}, "set": {"name": "D"}}"#])
                .joined(separator: "\n") + "\n")
        let rolled = try emulator.gqlpatch(["apply", failing, "--atomic", "-j", "1"], schema: Self.schema)
        #expect(rolled.status == 4, "\(rolled)")
        let rolledLines = rolled.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(Array($0.utf8)) }
        #expect(rolledLines.filter { $0["status"] == "rolled_back" }.count == 2, "\(rolled.stdout)")
        a1 = try EditEndToEndTests.stored(emulator, "a1")
        #expect(a1["stock"] == .int(3), "back to what was read")
        #expect(a1["tags"] == ["x", "y", "z"])
        let gone = try emulator.graphQL(#"query { getItem(id: "a3") { id } }"#)
        #expect(gone["data"]?["getItem"] == .null, "the upsert's create was undone")
    }
}
