import Foundation
import JSON
import Testing

/// `gqlpatch create` against the local emulator.
@Suite struct CreateEndToEndTests {
    @Test func createsWithAClientGeneratedID() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let result = try emulator.gqlpatch([
            "create", "Item", "--set", "name=Lamp", "--set", "description=00123", "--set", "tags:=[\"a\"]",
        ])
        #expect(result.status == 0, "\(result)")
        let record = try result.json()
        let id = try #require(record["id"]?.stringValue)
        #expect(UUID(uuidString: id) != nil)
        #expect(id == id.lowercased())
        #expect(record["description"] == "00123")
        #expect(record["tags"] == ["a"])
        let sent = try #require(
            try RecordCommandSupport.bodies(emulator, containing: "createItem").last?["variables"]?["input"])
        #expect(sent == ["id": .string(id), "name": "Lamp", "description": "00123", "tags": ["a"]])
        let stored = try emulator.graphQL(
            "query($id: ID!) { getItem(id: $id) { name } }", variables: ["id": .string(id)])
        #expect(stored["data"]?["getItem"]?["name"] == "Lamp")
    }

    @Test func missingRequiredFieldSendsNothing() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        let before = try emulator.requests().count
        let result = try emulator.gqlpatch(["create", "RecipeStep", "--set", "recipeID=r1", "--set", "action=stir"])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr == "gqlpatch: error: RecipeStep needs a value for rowID (Int!): give --set rowID=VALUE\n")
        #expect(try emulator.requests().count == before)
    }

    @Test func existingKeyIsAConflictUnlessIfAbsent() throws {
        let emulator = try Emulator()
        defer { emulator.stop() }
        try emulator.create("RecipeStep", ["recipeID": "r1", "rowID": 1, "action": "first"], select: "recipeID")
        let again = ["create", "RecipeStep", "--set", "recipeID=r1", "--set", "rowID=1", "--set", "action=second"]
        let conflict = try emulator.gqlpatch(again)
        #expect(conflict.status == 2, "\(conflict)")
        #expect(conflict.stdout.isEmpty)
        #expect(
            conflict.stderr
                == "gqlpatch: error: RecipeStep recipeID=r1 rowID=1 already exists; nothing was written (--if-absent accepts that)\n"
        )
        let accepted = try emulator.gqlpatch(again + ["--if-absent"])
        #expect(accepted.status == 0, "\(accepted)")
        #expect(try accepted.json()["action"] == "first")
        #expect(
            accepted.stderr
                == "gqlpatch: note: RecipeStep recipeID=r1 rowID=1 already exists; printing it (--if-absent)\n")
    }

    /// The emulator executes the first create and drops its connection (`--drop-response 1`): the
    /// retry meets the existing key, finds the values it sent, and reports success without a duplicate.
    @Test func aCreateWhoseResponseWasLostIsRecognised() throws {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--drop-response", "1"])
        defer { emulator.stop() }
        let result = try emulator.gqlpatch(["create", "Item", "--set", "name=Lost", "--compact"])
        #expect(result.status == 0, "\(result)")
        let id = try #require(try result.json()["id"]?.stringValue)
        #expect(try result.json()["name"] == "Lost")
        #expect(result.stderr.contains("sending the create once more with the same key"))
        #expect(
            result.stderr.contains(
                "gqlpatch: note: Item id=\(id) exists with the values sent: the first attempt created it"))
        let creates = try RecordCommandSupport.bodies(emulator, containing: "createItem")
        #expect(creates.count == 2)
        #expect(creates.map { $0["variables"]?["input"]?["id"] } == [.string(id), .string(id)])
        let log = try emulator.requests()
        #expect(log.first?["fault"] == "drop-after-execute")
        let all = try emulator.graphQL("{ listItems { items { id } } }")
        #expect(all["data"]?["listItems"]?["items"]?.arrayValue?.count == 1)
    }

    /// A versioned delete leaves a tombstone that keeps the key: `create` says so, and `--if-absent`
    /// does not pass the tombstone off as the record (issue 12 #19).
    @Test(arguments: [[String](), ["--if-absent"], ["--select", "name"]])
    func createOverASoftDeletedRecordSaysItWasDeleted(_ flags: [String]) throws {
        let emulator = try VersionedUpdateEndToEndTests.versionedEmulator("optimistic")
        defer { emulator.stop() }
        try emulator.softDelete("item-1", version: 1)
        let schema = try Emulator.compiledSchema(
            arguments: ["--conflict-handler", "optimistic"], into: emulator.folder)
        let result = try emulator.gqlpatch(
            ["create", "Item", "--set", "id=item-1", "--set", "name=Again"] + flags, schema: schema)
        result.expectFailure(
            2,
            "gqlpatch: error: Item id=item-1 was deleted (a soft-deleted tombstone at _version 2): its key cannot be created again while the tombstone is kept; nothing was written\n"
        )
        #expect(try emulator.storedItem("item-1")["_deleted"] == true)
    }
}
