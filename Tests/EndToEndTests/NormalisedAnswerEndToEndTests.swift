import Foundation
import JSON
import Testing

/// A server that stores a value in another spelling than was sent (an AWSDate without its `Z`, a
/// number as `5.0`, AWSJSON re-serialised) has applied the update: gqlpatch compares by the field's
/// type, never takes an unversioned model's differing answer for AUTOMERGE, never sends a `_version`
/// the input type lacks, and compares a dotted `--select` only on the part it returns (issue 12 #9).
@Suite struct NormalisedAnswerEndToEndTests {
    static let schema = """
        type Event @model {
          id: ID!
          name: String
          day: AWSDate
          at: AWSDateTime
          starts: AWSTime
          count: Int
          price: Float
          meta: AWSJSON
        }
        """

    /// The record as a normalising server stores it after the update below.
    static func stored(name: String = "Launch", version: Int? = nil) -> String {
        var fields = [
            #""id":"e1""#, #""name":"\#(name)""#, #""day":"2024-01-01""#, #""at":"2024-01-01T12:00:00.000Z""#,
            #""starts":"12:30:00.000""#, #""count":5.0"#, #""price":5.0"#, #""meta":"{\"b\": [1, 2.0], \"a\": true}""#,
            #""createdAt":"2024-01-01T00:00:00.000Z""#, #""updatedAt":"2024-01-02T00:00:00.000Z""#,
        ]
        if let version {
            fields += [#""_version":\#(version)"#, #""_deleted":null"#, #""_lastChangedAt":1700000000000"#]
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static let update = [
        "update", "Event", "--id", "e1", "--set", "name=Launch", "--set", "day=2024-01-01Z", "--set",
        "at=2024-01-01T13:00+01:00",
        "--set", "starts=12:30Z", "--set", "count=5", "--set", "price=5", "--set", #"meta={"a":true,"b":[1,2]}"#,
    ]

    /// Runs `arguments` against a scripted server answering gets with `get` and updates with `update`.
    static func run(
        _ arguments: [String], get: String, update: @escaping @Sendable (Int) -> String
    ) throws -> (result: ProcessResult, operations: [String?], inputs: [JSONValue]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemaPath = folder.appendingPathComponent("schema.graphql").path
        try schema.write(toFile: schemaPath, atomically: true, encoding: .utf8)
        let updates = LockedCounter()
        let server = try ScriptedServer { _, body in
            if body.contains("\"GetEvent\"") { return .init(status: 200, body: #"{"data":{"getEvent":\#(get)}}"#) }
            return .init(status: 200, body: #"{"data":{"updateEvent":\#(update(updates.next()))}}"#)
        }
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            ["--endpoint", server.endpoint, "--auth", "none", "--schema", schemaPath, "--compact"] + arguments,
            in: folder)
        let bodies = try server.received.map { try JSONValue.parse($0) }
        return (
            result, bodies.map { $0["operationName"]?.stringValue }, bodies.compactMap { $0["variables"]?["input"] }
        )
    }

    /// Unversioned: one update, exit 0, the server's record printed, whatever the server's get would say.
    @Test(arguments: [false, true])
    func anUnversionedUpdateAnsweredInOtherSpellingsIsDone(_ getHasVersion: Bool) throws {
        let (result, operations, inputs) = try Self.run(
            Self.update, get: Self.stored(version: getHasVersion ? 3 : nil), update: { _ in Self.stored() })
        let record = try result.singleDocument()
        #expect(record["day"] == "2024-01-01")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(operations == ["UpdateEvent"])
        #expect(inputs.allSatisfy { $0["_version"] == nil }, "\(inputs)")
    }

    /// A value the comparison cannot explain is still the server's answer to this update: printed,
    /// said on stderr, never taken for AUTOMERGE (no refetch, no `_version` sent).
    @Test func anUnversionedUpdateAnsweredWithOtherValuesIsNotTakenForAMerge() throws {
        let (result, operations, inputs) = try Self.run(
            Self.update, get: Self.stored(name: "launch", version: 3), update: { _ in Self.stored(name: "launch") })
        let record = try result.singleDocument()
        #expect(record["name"] == "launch")
        #expect(
            result.stderr
                == "gqlpatch: note: Event id=e1: the server answered other values than were sent for name (kept as answered; for an API that merges versions, use --conflict-resolution on)\n"
        )
        #expect(operations == ["UpdateEvent"])
        #expect(inputs.allSatisfy { $0["_version"] == nil }, "\(inputs)")
    }

    /// Versioned: the answer carries the `_version` after the one sent, so no concurrent change was
    /// merged in, whatever the values look like: one update, no retry.
    @Test(arguments: ["Launch", "launch"])
    func aVersionedUpdateThatWroteTheNextVersionIsNotRetried(_ answeredName: String) throws {
        let (result, operations, inputs) = try Self.run(
            ["--conflict-resolution", "on"] + Self.update, get: Self.stored(name: "Old", version: 5),
            update: { _ in Self.stored(name: answeredName, version: 6) })
        let record = try result.singleDocument()
        #expect(record["_version"] == 6)
        #expect(!result.stderr.contains("retrying"), "\(result)")
        #expect(operations == ["GetEvent", "UpdateEvent"])
        #expect(inputs.last?["_version"] == 5)
    }

    /// A real merge (the answer's `_version` jumped past the next one and the value is the server's)
    /// is still retried.
    @Test func aVersionedUpdateMergedIntoANewerVersionIsRetried() throws {
        let (result, operations, _) = try Self.run(
            ["--conflict-resolution", "on", "--retry-conflicts", "1"] + Self.update,
            get: Self.stored(name: "Old", version: 5),
            update: { index in index == 0 ? Self.stored(name: "Other", version: 9) : Self.stored(version: 10) })
        #expect(try result.singleDocument()["_version"] == 10)
        #expect(
            result.stderr.hasPrefix(
                "gqlpatch: the server kept its own values for name (merged with a concurrent change); refetching and retrying (1/1)"
            ), "\(result)")
        #expect(operations == ["GetEvent", "UpdateEvent", "GetEvent", "UpdateEvent"])
    }

    /// `--set modelFile=@f.json --select modelFile.key`: the answer holds only the key.
    @Test(arguments: ["none", "optimistic", "automerge"])
    func aDottedSelectIntoAnObjectBeingSetIsNoMismatch(_ handler: String) throws {
        let versioned = handler != "none"
        let emulator =
            try versioned
            ? VersionedUpdateEndToEndTests.versionedEmulator(handler) : Emulator()
        defer { emulator.stop() }
        if !versioned { try emulator.create("Item", ["id": "item-1", "name": "Chair"]) }
        let schema =
            versioned
            ? try Emulator.compiledSchema(arguments: ["--conflict-handler", handler], into: emulator.folder)
            : TestPaths.schema
        let file = try emulator.file("model.json", #"{"bucket": "b", "region": "eu-west-1", "key": "models/new.glb"}"#)
        let before = try emulator.bodies().count
        let result = try emulator.gqlpatch(
            [
                "--compact", "update", "Item", "--id", "item-1", "--set", "modelFile=@\(file)", "--select",
                "modelFile.key",
            ], schema: schema)
        let record = try result.singleDocument()
        #expect(record["id"] == "item-1")
        #expect(record["modelFile"] == ["key": "models/new.glb"], "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(
            try emulator.operationNames().dropFirst(before) == (versioned ? ["GetItem", "UpdateItem"] : ["UpdateItem"]))
    }
}

/// A counter shared with the scripted server's thread.
final class LockedCounter: @unchecked Sendable {
    // @unchecked: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value - 1
    }
}
