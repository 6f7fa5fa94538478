import Foundation
import JSON
import Testing

/// Version conflicts: concurrent writers, retries, giving up, and `--conflict-resolution auto`
/// discovering a versioned API its schema does not describe.
@Suite struct ConflictEndToEndTests {
    /// Two gqlpatch processes change different fields of one record at the same moment. Whatever
    /// the interleaving, both must succeed and both changes must be stored; only the end state and
    /// the exit codes are asserted strictly.
    @Test(arguments: ["optimistic", "automerge"])
    func concurrentChangesToDifferentFieldsBothLand(_ handler: String) throws {
        // The latency holds each answer back, so both fetches are usually read before either update.
        let emulator = try VersionedUpdateEndToEndTests.versionedEmulator(handler, extra: ["--latency-ms", "300"])
        defer { emulator.stop() }
        let schema = try Emulator.compiledSchema(arguments: ["--conflict-handler", handler], into: emulator.folder)
        let results = try ConcurrentRuns.run(
            emulator,
            [
                ["update", "Item", "--id", "item-1", "--set", "name=Lamp"],
                ["update", "Item", "--id", "item-1", "--set", "description=new"],
            ], schema: schema)
        for result in results {
            let record = try result.singleDocument()
            #expect(record["id"] == "item-1")
            #expect(!result.stderr.contains("error"), "\(result)")
        }
        let stored = try emulator.storedItem("item-1")
        #expect(stored["name"] == "Lamp")
        #expect(stored["description"] == "new")

        let updates = try emulator.inputs(of: "UpdateItem")
        let sentVersions = updates.compactMap { $0["_version"]?.intValue }
        #expect(sentVersions.count == updates.count, "every update carries _version: \(updates)")
        let conflicted = Set(sentVersions).count < sentVersions.count
        switch handler {
        case "optimistic":
            // A rejected update writes nothing: exactly two writes whatever happened.
            #expect(stored["_version"] == 3)
            #expect(updates.count == (conflicted ? 3 : 2), "\(updates)")
        default:
            // AUTOMERGE writes the merged record (keeping the server's value) before gqlpatch retries.
            #expect(updates.count == 2 || updates.count == 3, "\(updates)")
            #expect(stored["_version"] == .int(1 + updates.count))
        }
        let stderr = results.map(\.stderr).joined()
        if conflicted {
            #expect(stderr.contains("refetching and retrying (1/3)"), "a conflict was answered: \(stderr)")
        } else {
            #expect(!stderr.contains("retrying"), "no conflict, no retry: \(stderr)")
        }
    }

    /// `--conflict-resolution off` sends no `_version`, which an optimistic API always rejects.
    @Test func conflictWithoutRetriesFails() throws {
        let emulator = try VersionedUpdateEndToEndTests.versionedEmulator("optimistic")
        defer { emulator.stop() }
        let schema = try Emulator.compiledSchema(
            arguments: ["--conflict-handler", "optimistic"], into: emulator.folder)
        let before = try emulator.bodies().count
        let result = try emulator.gqlpatch(
            [
                "--conflict-resolution", "off", "--retry-conflicts", "0", "update", "Item", "--id", "item-1", "--set",
                "name=Lamp",
            ],
            schema: schema)
        result.expectFailure(2, "gqlpatch: error: ConflictUnhandled: Conflict resolver rejects mutation.")
        #expect(try emulator.operationNames().dropFirst(before) == ["UpdateItem"])
        #expect(try emulator.inputs(of: "UpdateItem") == [["id": "item-1", "name": "Lamp"]])
        let stored = try emulator.storedItem("item-1")
        #expect(stored["name"] == "Chair")
        #expect(stored["_version"] == 1)
    }

    struct AutoCase: Sendable, CustomTestStringConvertible {
        var handler: String
        var note: String
        /// The `_version` of the final update (AUTOMERGE wrote a merged version first).
        var sentVersion: Int
        var testDescription: String { handler }
    }

    /// The source schema does not say the API is versioned; the first answer shows it.
    @Test(arguments: [
        AutoCase(
            handler: "optimistic",
            note:
                "gqlpatch: note: the API checks versions for Item (ConflictUnhandled: Conflict resolver rejects mutation.); fetching _version and retrying\n",
            sentVersion: 1)
    ])
    func autoSwitchesToTheVersionedPath(_ auto: AutoCase) throws {
        let emulator = try VersionedUpdateEndToEndTests.versionedEmulator(auto.handler)
        defer { emulator.stop() }
        let before = try emulator.bodies().count
        let result = try emulator.gqlpatch(["update", "Item", "--id", "item-1", "--set", "name=Lamp"])
        let record = try result.singleDocument()
        #expect(record["name"] == "Lamp")
        #expect(record["description"] == "old")
        #expect(result.stderr == auto.note)
        #expect(try emulator.operationNames().dropFirst(before) == ["UpdateItem", "GetItem", "UpdateItem"])
        #expect(
            try emulator.inputs(of: "UpdateItem") == [
                ["id": "item-1", "name": "Lamp"], ["id": "item-1", "name": "Lamp", "_version": .int(auto.sentVersion)],
            ])
        let stored = try emulator.storedItem("item-1")
        #expect(stored["name"] == "Lamp")
        #expect(stored["_version"] == .int(auto.sentVersion + 1))
    }

    /// The source schema does not say the API is versioned, and an AUTOMERGE API answers success
    /// with its own value: an answer that differs from what was sent is no proof of a merge (a server
    /// may store another spelling), so it is printed as answered and noted, and no `_version` the
    /// schema's input lacks is sent (issue 12 #9).
    @Test func anAutomergeAnswerToAnUnversionedModelIsNotedNotRetried() throws {
        let emulator = try VersionedUpdateEndToEndTests.versionedEmulator("automerge")
        defer { emulator.stop() }
        let before = try emulator.bodies().count
        let result = try emulator.gqlpatch(["update", "Item", "--id", "item-1", "--set", "name=Lamp"])
        let record = try result.singleDocument()
        #expect(record["name"] == "Chair")
        #expect(
            result.stderr
                == "gqlpatch: note: Item id=item-1: the server answered other values than were sent for name (kept as answered; for an API that merges versions, use --conflict-resolution on)\n"
        )
        #expect(try emulator.operationNames().dropFirst(before) == ["UpdateItem"])
        #expect(try emulator.inputs(of: "UpdateItem") == [["id": "item-1", "name": "Lamp"]])
    }

    /// The compiled schema is the API's own: when its update input has no `_version`, a version
    /// conflict is reported as it is, and no `_version` is sent (issue 12 #9).
    @Test func aCompiledSchemaWithoutVersionNeverGetsOneSent() throws {
        let emulator = try VersionedUpdateEndToEndTests.versionedEmulator("optimistic")
        defer { emulator.stop() }
        let unversioned = try Emulator.compiledSchema(into: emulator.folder)
        let before = try emulator.bodies().count
        let result = try emulator.gqlpatch(
            ["update", "Item", "--id", "item-1", "--set", "name=Lamp"], schema: unversioned)
        result.expectFailure(2, "gqlpatch: error: ConflictUnhandled: Conflict resolver rejects mutation.")
        #expect(try emulator.operationNames().dropFirst(before) == ["UpdateItem"])
        #expect(try emulator.inputs(of: "UpdateItem") == [["id": "item-1", "name": "Lamp"]])
    }

    /// A server that rejects every update as a conflict: gqlpatch refetches and retries exactly
    /// `--retry-conflicts` times, then gives up with exit 2.
    @Test(arguments: [0, 2])
    func givesUpAfterTheConfiguredRetries(_ retries: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gqlpatch-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = try Emulator.compiledSchema(arguments: ["--conflict-handler", "optimistic"], into: folder)
        let server = try ScriptedServer { _, body in
            if body.contains("\"GetItem\"") {
                return .init(
                    status: 200,
                    body: #"{"data":{"getItem":{"id":"item-1","name":"Chair","_version":5,"_deleted":null}}}"#)
            }
            return .init(
                status: 200,
                body:
                    #"{"data":{"updateItem":null},"errors":[{"path":["updateItem"],"data":{"id":"item-1","_version":6},"errorType":"ConflictUnhandled","message":"Conflict resolver rejects mutation."}]}"#
            )
        }
        defer { server.stop() }
        let result = try GQLPatchRun.run(
            [
                "--endpoint", server.endpoint, "--auth", "none", "--schema", schema, "--retry-conflicts",
                String(retries),
                "update", "Item", "--id", "item-1", "--set", "name=Lamp",
            ],
            in: folder)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let expectedRetries = (0..<retries).map {
            "gqlpatch: version conflict (ConflictUnhandled: Conflict resolver rejects mutation.); refetching and retrying (\($0 + 1)/\(retries))"
        }
        #expect(
            lines == expectedRetries + [
                "gqlpatch: error: Item id=item-1: version conflict (ConflictUnhandled: Conflict resolver rejects mutation.) after \(retries) retries; giving up"
            ])
        let operations = try server.received.map { try JSONValue.parse($0)["operationName"]?.stringValue }
        #expect(operations == Array(repeating: ["GetItem", "UpdateItem"], count: retries + 1).flatMap { $0 })
        let versions = try server.received.compactMap { try JSONValue.parse($0)["variables"]?["input"]?["_version"] }
        #expect(versions == Array(repeating: 5, count: retries + 1))
    }
}
