import Foundation
import JSON
import Testing

/// Read-modify-write edits (issue 17): nested fields, list edits and counters are worked out from the
/// record as read and written under a guard (the version, or the values read / `updatedAt`), so
/// concurrent writers lose nothing.
@Suite struct EditEndToEndTests {
    static let schema = TestPaths.fixture("edits/schema.graphql")
    static let writers = 8
    static let rounds = 20

    static func emulator(_ handler: String) throws -> Emulator {
        try Emulator(schema: schema, arguments: ["--api-key", Emulator.apiKey, "--conflict-handler", handler])
    }

    static func stored(_ emulator: Emulator, _ id: String) throws -> JSONValue {
        let response = try emulator.graphQL(
            "query G($id: ID!) { getItem(id: $id) { id name stock tags imageFile { bucket region key contentType size } slots { s1 s2 s3 s4 s5 s6 s7 s8 } } }",
            variables: ["id": .string(id)])
        guard let item = response["data"]?["getItem"], !item.isNull else {
            throw HarnessError("getItem(\(id)) returned no record: \(response)")
        }
        return item
    }

    /// Eight processes, each running twenty updates that count, append a tag of their own and set their
    /// own sub-field of one object, all on one record at once: the counter ends at exactly +160, every
    /// tag is there, every sub-field holds its writer's last value, and every write the emulator got
    /// was guarded (a condition on an unversioned model, `_version` on a versioned one).
    @Test(arguments: ["none", "optimistic"])
    func concurrentEditsLoseNothing(_ handler: String) throws {
        let emulator = try Self.emulator(handler)
        defer { emulator.stop() }
        _ = try emulator.gqlpatch(
            ["create", "Item", "--set", "id=e1", "--set", "name=Shelf", "--set", "stock:=0"], schema: Self.schema)
        // The source schema does not say the optimistic API is versioned: `on` says it.
        let resolution = handler == "none" ? "auto" : "on"
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: Self.writers) { writer in
            for round in 1...Self.rounds {
                do {
                    let result = try emulator.gqlpatch(
                        [
                            "--conflict-resolution", resolution, "--retry-conflicts", "100", "update", "Item", "--id",
                            "e1", "--incr", "stock=1",
                            "--append", "tags=w\(writer + 1)-\(round)", "--set", "slots.s\(writer + 1)=\(round)",
                        ], schema: Self.schema)
                    if result.status != 0 { failures.add("writer \(writer + 1) round \(round): \(result)") }
                } catch {
                    failures.add("writer \(writer + 1) round \(round): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
        let item = try Self.stored(emulator, "e1")
        #expect(item["stock"] == .int(Self.writers * Self.rounds))
        let tags = Set((item["tags"]?.arrayValue ?? []).compactMap(\.stringValue))
        let expected = Set((1...Self.writers).flatMap { w in (1...Self.rounds).map { "w\(w)-\($0)" } })
        #expect(tags == expected, "missing: \(expected.subtracting(tags).sorted().prefix(5))")
        #expect(item["tags"]?.arrayValue?.count == expected.count, "no tag twice")
        for writer in 1...Self.writers {
            #expect(item["slots"]?["s\(writer)"] == .int(Self.rounds), "s\(writer)")
        }
        let updates = try emulator.bodies().filter { $0["operationName"]?.stringValue == "UpdateItem" }
        #expect(updates.count >= Self.writers * Self.rounds)
        for update in updates {
            let guarded =
                handler == "none"
                ? update["variables"]?["condition"] != nil && update["variables"]?["condition"] != .null
                : update["variables"]?["input"]?["_version"]?.intValue != nil
            #expect(guarded, "an unguarded write: \(update)")
        }
    }

    @Test func aNestedSetKeepsTheOtherSubFieldsAndAnAbsentObjectNeedsItsRequiredOnes() throws {
        let emulator = try Self.emulator("none")
        defer { emulator.stop() }
        _ = try emulator.gqlpatch(
            [
                "create", "Item", "--set", "id=n1", "--set", "name=Lamp", "--set",
                #"imageFile:={"bucket": "b", "region": "eu-west-1", "key": "old.png", "contentType": "image/png", "size": 7}"#,
            ], schema: Self.schema)
        let set = try emulator.gqlpatch(
            ["update", "Item", "--id", "n1", "--set", "imageFile.key=new.png"], schema: Self.schema)
        #expect(set.status == 0, "\(set)")
        let file = try Self.stored(emulator, "n1")["imageFile"]
        #expect(file?["key"] == "new.png")
        #expect(file?["bucket"] == "b")
        #expect(file?["contentType"] == "image/png")
        #expect(file?["size"] == .int(7))

        let requiredUnset = try emulator.gqlpatch(
            ["update", "Item", "--id", "n1", "--unset", "imageFile.key"], schema: Self.schema)
        requiredUnset.expectFailure(65, "gqlpatch: error: imageFile.key is required (String!) and cannot be unset")

        let before = try emulator.bodies().count
        let absent = try emulator.gqlpatch(
            ["update", "Item", "--id", "n1", "--set", "slots.s1=3"], schema: Self.schema)
        #expect(absent.status == 0, "an object of optional sub-fields is created: \(absent)")
        #expect(try Self.stored(emulator, "n1")["slots"]?["s1"] == .int(3))
        _ = before

        _ = try emulator.gqlpatch(["create", "Item", "--set", "id=n2", "--set", "name=Bare"], schema: Self.schema)
        let writesBefore = try emulator.inputs(of: "UpdateItem").count
        let missing = try emulator.gqlpatch(
            ["update", "Item", "--id", "n2", "--set", "imageFile.key=k"], schema: Self.schema)
        missing.expectFailure(
            65,
            "gqlpatch: error: Item.imageFile is absent in the record, so setting part of it creates it, and FileInput also requires bucket, region"
        )
        #expect(try emulator.inputs(of: "UpdateItem").count == writesBefore, "nothing was written")
    }

    @Test func aPatchMergesIntoAnObjectAndListEditsAndCountersApply() throws {
        let emulator = try Self.emulator("none")
        defer { emulator.stop() }
        _ = try emulator.gqlpatch(
            [
                "create", "Item", "--set", "id=p1", "--set", "name=Desk", "--set", "tags:=[\"a\",\"b\",\"a\"]",
                "--set", #"imageFile:={"bucket": "b", "region": "r", "key": "k", "contentType": "image/png"}"#,
            ], schema: Self.schema)
        let patch = try emulator.file(
            "patch.json", #"{"imageFile": {"size": 9, "contentType": null}, "name": "Desk 2"}"#)
        let merged = try emulator.gqlpatch(["update", "Item", "--id", "p1", "--patch", patch], schema: Self.schema)
        #expect(merged.status == 0, "\(merged)")
        var item = try Self.stored(emulator, "p1")
        #expect(item["name"] == "Desk 2")
        #expect(item["imageFile"]?["size"] == .int(9))
        #expect(item["imageFile"]?["key"] == "k", "kept as read")
        #expect(item["imageFile"]?["contentType"] == .null, "removed by the patch's null")

        let edited = try emulator.gqlpatch(
            [
                "update", "Item", "--id", "p1", "--remove", "tags=a", "--prepend", "tags=z", "--add", "tags=b",
                "--add", "tags=c", "--incr", "stock=5", "--decr", "stock=2",
            ], schema: Self.schema)
        #expect(edited.status == 0, "\(edited)")
        item = try Self.stored(emulator, "p1")
        #expect(item["tags"] == ["z", "b", "c"])
        #expect(item["stock"] == .int(3), "absent counts as 0")

        let writes = try emulator.inputs(of: "UpdateItem").count
        let nothing = try emulator.gqlpatch(
            ["update", "Item", "--id", "p1", "--remove", "tags=q"], schema: Self.schema)
        #expect(nothing.status == 0, "nothing to remove is not an error: \(nothing)")
        #expect(try emulator.inputs(of: "UpdateItem").count == writes, "and nothing is written")

        let overflow = try emulator.gqlpatch(
            ["update", "Item", "--id", "p1", "--incr", "stock=2147483647"], schema: Self.schema)
        overflow.expectFailure(65, "gqlpatch: error: Item.stock: 3 + 2147483647 is outside the range of Int")
        let notList = try emulator.gqlpatch(
            ["update", "Item", "--id", "p1", "--append", "name=x"], schema: Self.schema)
        notList.expectFailure(65, "gqlpatch: error: --append name: name is String, not a list")
    }

    private final class Failures: @unchecked Sendable {
        // @unchecked: every access holds `lock`.
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ text: String) { lock.withLock { list.append(text) } }
        var all: [String] { lock.withLock { list } }
    }
}
