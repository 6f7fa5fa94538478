import Foundation
import JSON
import Testing

/// `apply`'s touch line: the record written again through AppSync (a key-only update, with the
/// version read on a versioned model), so `updatedAt` and `_version` move and every value stays.
@Suite struct ApplyTouchEndToEndTests {
    static let optimistic = ["--conflict-handler", "optimistic"]

    private func stored(_ emulator: Emulator, _ id: String, sync: Bool) throws -> JSONValue {
        let fields = "id name description tags updatedAt" + (sync ? " _version" : "")
        let response = try emulator.graphQL(
            "query G($id: ID!) { getItem(id: $id) { \(fields) } }", variables: ["id": .string(id)])
        return try #require(response["data"]?["getItem"], "\(response)")
    }

    private func touch(_ ids: [String]) -> String {
        ids.map { #"{"op": "touch", "model": "Item", "key": {"id": "\#($0)"}}"# }.joined(separator: "\n") + "\n"
    }

    @Test func aVersionedRecordIsWrittenAgainAtTheVersionReadWithEveryValueKept() throws {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey] + Self.optimistic)
        defer { emulator.stop() }
        let schema = try Emulator.compiledSchema(arguments: Self.optimistic, into: emulator.folder)
        for id in ["t1", "t2"] {
            try emulator.create(
                "Item", ["id": .string(id), "name": .string("N-\(id)"), "description": "d", "tags": ["a"]])
        }
        let before = try stored(emulator, "t1", sync: true)
        Thread.sleep(forTimeInterval: 0.01)  // updatedAt is in milliseconds
        let run = try emulator.gqlpatch(
            ["apply", try emulator.file("touch.jsonl", touch(["t1", "t2"]))], schema: schema)
        #expect(run.status == 0, "\(run)")
        let statuses = try run.stdout.split(separator: "\n").map { try JSONValue.parse(String($0))["status"] }
        #expect(statuses == ["updated", "updated"], "\(run)")
        let after = try stored(emulator, "t1", sync: true)
        #expect(after["_version"] == .int(2) && before["_version"] == .int(1))
        #expect(after["updatedAt"] != before["updatedAt"])
        for field in ["name", "description", "tags"] { #expect(after[field] == before[field], "\(field)") }
        // The update sent the key and the version read, nothing else.
        let inputs = try emulator.inputs(of: "UpdateItem")
        #expect(inputs.count == 2 && inputs.allSatisfy { Set($0.objectValue?.keys ?? []) == ["id", "_version"] })
    }

    @Test func anUnversionedRecordIsWrittenAgainAndAMissingOneIsNotFound() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "u1", "name": "N", "description": "d"])
        let before = try stored(emulator, "u1", sync: false)
        Thread.sleep(forTimeInterval: 0.01)
        let run = try emulator.gqlpatch(["apply", try emulator.file("touch.jsonl", touch(["u1", "missing"]))])
        #expect(run.status == 4, "\(run)")
        let lines = try run.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(lines.first { $0["line"] == .int(1) }?["status"] == "updated", "\(run)")
        #expect(lines.first { $0["line"] == .int(2) }?["status"] == "not_found", "\(run)")
        let after = try stored(emulator, "u1", sync: false)
        #expect(after["updatedAt"] != before["updatedAt"] && after["name"] == "N" && after["description"] == "d")
    }

    @Test func aTouchThatChangesAValueIsRefusedBeforeAnythingIsSent() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let line = #"{"op": "touch", "model": "Item", "key": {"id": "u1"}, "set": {"name": "x"}}"#
        let file = try emulator.file("bad.jsonl", line + "\n")
        let run = try emulator.gqlpatch(["apply", file])
        #expect(run.status == 65, "\(run)")
        #expect(
            run.stderr.hasPrefix(#"\#(file):1: error: a touch takes no "set" or "unset" (it changes no value)"#),
            "\(run)")
        #expect(try emulator.operationNames().filter { $0.hasPrefix("Update") }.isEmpty)
    }
}
