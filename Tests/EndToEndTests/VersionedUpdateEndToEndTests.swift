import Foundation
import JSON
import Testing

/// `gqlpatch update` on a versioned API (conflict detection on in the emulator): `_version` is
/// fetched first and sent back with only the key and the named fields.
@Suite struct VersionedUpdateEndToEndTests {
    /// How gqlpatch learns that the API is versioned.
    enum SchemaKind: String, Sendable, CaseIterable {
        /// The emulator's compiled SDL (it has `_version`).
        case compiled
        /// The repo's Amplify source schema (no `_version`) with `--conflict-resolution on`.
        case sourceWithOn
    }

    struct Setup: Sendable, CustomTestStringConvertible {
        var handler: String
        var schema: SchemaKind
        var testDescription: String { "\(handler), \(schema.rawValue)" }

        static let all: [Setup] = ["optimistic", "automerge"].flatMap { handler in
            SchemaKind.allCases.map { Setup(handler: handler, schema: $0) }
        }
    }

    /// A versioned emulator holding Item item-1 (name Chair, description old) at `_version` 1.
    static func versionedEmulator(_ handler: String, extra: [String] = []) throws -> Emulator {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--conflict-handler", handler] + extra)
        let created = try emulator.create(
            "Item", ["id": "item-1", "name": "Chair", "description": "old"], select: "id _version")
        try #require(created["_version"] == 1)
        return emulator
    }

    /// The schema file and the extra flags gqlpatch gets for `kind`.
    static func schema(_ kind: SchemaKind, handler: String, emulator: Emulator) throws -> (
        path: String, flags: [String]
    ) {
        switch kind {
        case .compiled:
            return (try Emulator.compiledSchema(arguments: ["--conflict-handler", handler], into: emulator.folder), [])
        case .sourceWithOn:
            return (TestPaths.schema, ["--conflict-resolution", "on"])
        }
    }

    @Test(arguments: Setup.all)
    func fetchesTheVersionThenSendsKeyFieldsAndVersion(_ setup: Setup) throws {
        let emulator = try Self.versionedEmulator(setup.handler)
        defer { emulator.stop() }
        let schema = try Self.schema(setup.schema, handler: setup.handler, emulator: emulator)
        let before = try emulator.bodies().count
        let result = try emulator.gqlpatch(
            schema.flags + ["update", "Item", "--id", "item-1", "--set", "name=Lamp", "--set", #"tags:=["x"]"#],
            schema: schema.path)
        let record = try result.singleDocument()
        #expect(record["name"] == "Lamp")
        #expect(record["description"] == "old")
        #expect(record["tags"] == ["x"])
        #expect(record["_version"] == 2, "the printed record carries the incremented _version")

        let sent = Array(try emulator.bodies().dropFirst(before))
        #expect(sent.map { $0["operationName"]?.stringValue } == ["GetItem", "UpdateItem"])
        let getQuery = try #require(sent.first?["query"]?.stringValue)
        #expect(getQuery.contains("getItem(id: $id)"))
        #expect(getQuery.contains(" _version"), "the fetch selects _version: \(getQuery)")
        #expect(sent.first?["variables"] == ["id": "item-1"])
        #expect(sent.last?["variables"]?["input"] == ["id": "item-1", "name": "Lamp", "tags": ["x"], "_version": 1])

        let stored = try emulator.storedItem("item-1")
        #expect(stored["name"] == "Lamp")
        #expect(stored["description"] == "old")
        #expect(stored["_version"] == 2)
    }

    @Test(arguments: ["optimistic", "automerge"])
    func expectVersion(_ handler: String) throws {
        let emulator = try Self.versionedEmulator(handler)
        defer { emulator.stop() }
        let schema = try Self.schema(.compiled, handler: handler, emulator: emulator)

        var before = try emulator.bodies().count
        let wrong = try emulator.gqlpatch(
            ["update", "Item", "--id", "item-1", "--set", "name=Lamp", "--expect-version", "7"], schema: schema.path)
        wrong.expectFailure(
            2, "gqlpatch: error: Item id=item-1 is at _version 1, not 7 (--expect-version); nothing was written")
        #expect(try emulator.operationNames().dropFirst(before) == ["GetItem"], "no update may be sent")
        #expect(try emulator.storedItem("item-1")["name"] == "Chair")

        before = try emulator.bodies().count
        let right = try emulator.gqlpatch(
            ["update", "Item", "--id", "item-1", "--set", "name=Lamp", "--expect-version", "1"], schema: schema.path)
        let record = try right.singleDocument()
        #expect(record["name"] == "Lamp")
        #expect(record["_version"] == 2)
        #expect(try emulator.operationNames().dropFirst(before) == ["GetItem", "UpdateItem"])
        #expect(try emulator.inputs(of: "UpdateItem").last == ["id": "item-1", "name": "Lamp", "_version": 1])
    }

    @Test(arguments: SchemaKind.allCases)
    func nothingToChangeSendsOnlyTheFetch(_ kind: SchemaKind) throws {
        let emulator = try Self.versionedEmulator("optimistic")
        defer { emulator.stop() }
        let schema = try Self.schema(kind, handler: "optimistic", emulator: emulator)
        let before = try emulator.bodies().count
        let result = try emulator.gqlpatch(
            schema.flags + ["update", "Item", "--id", "item-1", "--set", "name=Chair", "--set", "description=old"],
            schema: schema.path)
        let record = try result.singleDocument()
        #expect(record["id"] == "item-1")
        #expect(record["name"] == "Chair")
        #expect(record["_version"] == 1)
        #expect(result.stderr == "gqlpatch: note: nothing to change: Item id=item-1 already holds these values\n")
        #expect(try emulator.operationNames().dropFirst(before) == ["GetItem"])
        #expect(try emulator.storedItem("item-1")["_version"] == 1)
    }

    /// `--output envelope` with nothing to change prints the read's own envelope, `getItem` level
    /// included, not a made-up one (issue 12 #17).
    @Test func nothingToChangeWithEnvelopePrintsTheReadsEnvelope() throws {
        let emulator = try Self.versionedEmulator("optimistic")
        defer { emulator.stop() }
        let schema = try Self.schema(.compiled, handler: "optimistic", emulator: emulator)
        let result = try emulator.gqlpatch(
            ["--output", "envelope", "update", "Item", "--id", "item-1", "--set", "name=Chair"], schema: schema.path)
        let envelope = try result.singleDocument()
        #expect(envelope.objectValue?.keys == ["data"], "\(result)")
        let read = try #require(envelope["data"]?["getItem"], "\(result)")
        #expect(read["id"] == "item-1")
        #expect(read["name"] == "Chair")
        #expect(read["_version"] == 1)
        #expect(try emulator.operationNames().last == "GetItem")
    }

    /// `--select` names neither `_deleted` nor `_version`: the fetch must ask for both anyway.
    @Test(arguments: [[String](), ["--select", "name"]])
    func softDeletedRecordIsNotFound(_ select: [String]) throws {
        let emulator = try Self.versionedEmulator("optimistic")
        defer { emulator.stop() }
        try emulator.softDelete("item-1", version: 1)
        let schema = try Self.schema(.compiled, handler: "optimistic", emulator: emulator)
        let before = try emulator.bodies().count
        let result = try emulator.gqlpatch(
            ["update", "Item", "--id", "item-1", "--set", "name=Lamp"] + select, schema: schema.path)
        result.expectFailure(3, "gqlpatch: error: Item id=item-1 is deleted (_deleted: true)")
        #expect(try emulator.operationNames().dropFirst(before) == ["GetItem"])
        let stored = try emulator.storedItem("item-1")
        #expect(stored["name"] == "Chair")
        #expect(stored["_version"] == 2)
    }

    @Test(arguments: SchemaKind.allCases)
    func missingRecordIsNotFound(_ kind: SchemaKind) throws {
        let emulator = try Self.versionedEmulator("optimistic")
        defer { emulator.stop() }
        let schema = try Self.schema(kind, handler: "optimistic", emulator: emulator)
        let before = try emulator.bodies().count
        let result = try emulator.gqlpatch(
            schema.flags + ["update", "Item", "--id", "nope", "--set", "name=Lamp"], schema: schema.path)
        result.expectFailure(3, "gqlpatch: error: no Item id=nope")
        #expect(try emulator.operationNames().dropFirst(before) == ["GetItem"])
    }
}
