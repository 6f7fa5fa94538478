import Foundation
import JSON
import Testing

/// `--undo-log` and `undo` against the emulator, its stored items read as stored (`StoredItems`).
@Suite struct UndoEndToEndTests {
    static let optimistic = ["--conflict-handler", "optimistic"]

    /// An emulator keeping its items in a SQLite file, with the compiled schema it serves.
    private func start(versioned: Bool) throws -> (Emulator, String, String) {
        let extra = versioned ? Self.optimistic : []
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("undo-\(UUID().uuidString).sqlite")
            .path
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--db", database] + extra)
        let schema = try Emulator.compiledSchema(arguments: extra, into: emulator.folder)
        return (emulator, schema, database)
    }

    /// `count` Items whose fields vary: some without a description, some with tags, some with an image.
    private func seed(_ emulator: Emulator, count: Int, schema: String) throws {
        var lines = ""
        for index in 0..<count {
            var set: JSONObject = ["name": .string("n\(index)")]
            if index % 3 != 0 { set["description"] = .string("d\(index)") }
            if index % 2 == 0 { set["tags"] = ["a", .string("t\(index)")] }
            if index % 5 == 0 {
                set["imageFile"] = ["bucket": "b", "region": "eu-west-1", "key": .string("k\(index).png"), "size": 12]
            }
            let line: JSONValue = [
                "op": "create", "model": "Item", "key": ["id": .string("r\(index)")], "set": .object(set),
            ]
            lines += line.serialized() + "\n"
        }
        let run = try emulator.gqlpatch(
            ["apply", "-j", "16", try emulator.file("seed.jsonl", lines)], schema: schema, timeout: 900)
        #expect(run.status == 0, "\(run)")
    }

    private func lines(_ text: String) throws -> [JSONValue] {
        try text.split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    /// A bulk update of 1,000 records with an undo log, then another writer changes 30 of them, then
    /// `undo`: the 970 others are back to their stored items field by field (an attribute that was
    /// absent is absent again, an object whole), the 30 keep the other writer's value and are
    /// reported changed-since with both versions; exit 2.
    @Test(arguments: [false, true])
    func aThousandRecordsComeBackExactlyAndThirtyChangedSinceAreLeft(versioned: Bool) throws {
        let (emulator, schema, database) = try start(versioned: versioned)
        defer { emulator.stop() }
        try seed(emulator, count: 1000, schema: schema)
        let before = try StoredItems.read(database, model: "Item")
        #expect(before.count == 1000)
        let log = emulator.folder.appendingPathComponent("backfill.undo").path
        let bulk = try emulator.gqlpatch(
            [
                "update", "Item", "--all", "--set", "name=bulk", "--unset", "description", "--unset", "tags",
                "--set", #"imageFile:={"bucket": "new", "region": "us-east-1", "key": "x.png"}"#, "--yes", "-j", "8",
                "--page-size", "1000", "--undo-log", log,
            ], schema: schema, stdoutToFile: true, timeout: 900)
        #expect(bulk.status == 0, "\(bulk.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: log)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let taken = (0..<30).map { "r\($0 * 31)" }
        for id in taken { try emulator.takeItem(id, versioned: versioned) }

        let undo = try emulator.gqlpatch(
            ["undo", log, "--yes", "-j", "8"], schema: schema, stdoutToFile: true, timeout: 900)
        #expect(undo.status == 2, "\(undo.stderr)")
        #expect(undo.stderr.contains("gqlpatch: undo: 1000 logged writes of run "), "\(undo.stderr)")
        #expect(undo.stderr.contains("970 undone, 30 changed-since"), "\(undo.stderr)")
        let reported = try lines(undo.stdout)
        #expect(reported.count == 1000)
        let changed = reported.filter { $0["status"] == "changed-since" }
        #expect(Set(changed.compactMap { $0["key"]?["id"]?.stringValue }) == Set(taken))
        for line in changed {
            #expect(line["left"]?["description"] == .null && line["now"]?["description"] == "taken", "\(line)")
            if versioned {
                let left = line["left"]?["_version"]?.intValue ?? 0
                #expect(line["now"]?["_version"]?.intValue == left + 1, "\(line)")
            }
        }
        let after = try StoredItems.read(database, model: "Item")
        for (key, item) in before {
            let id = item["id"]?.stringValue ?? ""
            guard let now = after[key] else {
                Issue.record("\(id) is gone")
                continue
            }
            if taken.contains(id) {
                #expect(now["description"] == "taken" && now["name"] == "bulk", "\(now)")
            } else {
                #expect(StoredItems.content(now) == StoredItems.content(item), "\(id): \(now) was \(item)")
            }
        }
    }

    /// `undo` of a `delete --cascade` creates the parent and its children again with their keys and
    /// fields, the parent first; of a `create`, deletes it; of an `import --mode replace`, puts the
    /// replaced records back.
    @Test func deleteCascadeCreateAndImportReplaceAreUndone() throws {
        let (emulator, schema, database) = try start(versioned: false)
        defer { emulator.stop() }
        try emulator.create("Recipe", ["id": "r1", "name": "Soup"])
        for row in 1...3 {
            try emulator.create(
                "RecipeStep",
                ["recipeID": "r1", "rowID": .int(row), "action": .string("stir \(row)"), "quantity": 1.5],
                select: "recipeID")
        }
        let recipes = try StoredItems.read(database, model: "Recipe")
        let steps = try StoredItems.read(database, model: "RecipeStep")
        let cascade = emulator.folder.appendingPathComponent("cascade.undo").path
        let delete = try emulator.gqlpatch(
            ["delete", "Recipe", "--id", "r1", "--cascade", "--undo-log", cascade], schema: schema)
        #expect(delete.status == 0, "\(delete)")
        #expect(try StoredItems.read(database, model: "RecipeStep").isEmpty)
        let undone = try emulator.gqlpatch(["undo", cascade, "--yes"], schema: schema)
        #expect(undone.status == 0, "\(undone)")
        #expect(undone.stderr.contains("4 undone"), "\(undone)")
        // createdAt is the server's to set: a record created again gets a new one.
        func fields(_ items: [String: JSONObject]) -> [String: JSONObject] {
            items.mapValues {
                var item = StoredItems.content($0)
                item["createdAt"] = nil
                return item
            }
        }
        #expect(fields(try StoredItems.read(database, model: "Recipe")) == fields(recipes))
        #expect(fields(try StoredItems.read(database, model: "RecipeStep")) == fields(steps))
        let creates = try emulator.operationNames().filter { $0 == "CreateRecipe" || $0 == "CreateRecipeStep" }
        #expect(creates.suffix(4).first == "CreateRecipe", "\(creates)")

        let created = emulator.folder.appendingPathComponent("create.undo").path
        let create = try emulator.gqlpatch(
            ["create", "Item", "--set", "id=fresh", "--set", "name=new", "--undo-log", created], schema: schema)
        #expect(create.status == 0, "\(create)")
        let removed = try emulator.gqlpatch(["undo", created, "--yes"], schema: schema)
        #expect(removed.status == 0, "\(removed)")
        #expect(try StoredItems.read(database, model: "Item").isEmpty)

        for index in 0..<5 {
            try emulator.create(
                "Item", ["id": .string("i\(index)"), "name": "kept", "description": "old", "tags": ["x"]])
        }
        let items = try StoredItems.read(database, model: "Item")
        let export = emulator.folder.appendingPathComponent("items.jsonl").path
        let exported = try emulator.gqlpatch(["export", "Item", "-o", export], schema: schema)
        #expect(exported.status == 0, "\(exported)")
        let text = try String(contentsOfFile: export, encoding: .utf8).replacing("\"kept\"", with: "\"replaced\"")
        try text.write(toFile: export, atomically: true, encoding: .utf8)
        for index in 0..<5 {
            let response = try emulator.graphQL(
                "mutation U($input: UpdateItemInput!) { updateItem(input: $input) { id } }",
                variables: [
                    "input": ["id": .string("i\(index)"), "modelFile": ["bucket": "b", "region": "r", "key": "m"]]
                ])
            #expect(response["data"]?["updateItem"]?["id"] == .string("i\(index)"))
        }
        let withModelFile = try StoredItems.read(database, model: "Item")
        let replace = emulator.folder.appendingPathComponent("replace.undo").path
        let imported = try emulator.gqlpatch(
            ["import", export, "--mode", "replace", "--allow-incomplete", "--undo-log", replace], schema: schema)
        #expect(imported.status == 0, "\(imported)")
        #expect(try StoredItems.read(database, model: "Item").values.allSatisfy { $0["name"] == "replaced" })
        let back = try emulator.gqlpatch(["undo", replace, "--yes"], schema: schema)
        #expect(back.status == 0, "\(back)")
        #expect(
            try StoredItems.read(database, model: "Item").mapValues(StoredItems.content)
                == withModelFile.mapValues(StoredItems.content))
        #expect(items.count == 5)
    }

    /// What undo refuses, with its exit code and message, sending nothing: no --yes outside a
    /// terminal; a log written against another endpoint when the target was not named; a run the log
    /// lacks; a damaged log; a log others can read; and `--undo-log` on a command that writes nothing.
    @Test func refusalsSendNothing() throws {
        let (emulator, schema, _) = try start(versioned: false)
        defer { emulator.stop() }
        try emulator.create("Item", ["id": "a", "name": "one"])
        let log = emulator.folder.appendingPathComponent("a.undo").path
        let update = try emulator.gqlpatch(
            ["update", "Item", "--id", "a", "--set", "name=two", "--undo-log", log], schema: schema)
        #expect(update.status == 0, "\(update)")
        let sent = try emulator.bodies().count

        let noYes = try emulator.gqlpatch(["undo", log], schema: schema)
        #expect(noYes.status == 64, "\(noYes)")
        #expect(
            noYes.stderr.contains(
                "gqlpatch: error: undo would write 1 logged write of run "), "\(noYes)")

        let other = try Emulator(arguments: ["--api-key", Emulator.apiKey])
        defer { other.stop() }
        let elsewhere = try GQLPatchRun.run(
            ["undo", log, "--yes"],
            environment: [
                "GQLPATCH_ENDPOINT": other.endpoint, "GQLPATCH_API_KEY": Emulator.apiKey, "GQLPATCH_SCHEMA": schema,
            ],
            in: emulator.folder)
        #expect(elsewhere.status == 64, "\(elsewhere)")
        #expect(
            elsewhere.stderr.contains(
                "gqlpatch: error: \(log) holds writes to \(emulator.endpoint), and this run would write to \(other.endpoint): name the target with --endpoint"
            ),
            "\(elsewhere)")
        #expect(try other.bodies().isEmpty)

        let run = try emulator.gqlpatch(["undo", log, "--yes", "--run", "nope"], schema: schema)
        #expect(run.status == 64, "\(run)")
        #expect(
            run.stderr.contains("gqlpatch: error: --run nope: the undo log \(log) has no such run (it has: "), "\(run)")

        let damaged = try emulator.file("damaged.undo", "{\"gqlpatchUndoLog\":1}\nnot json\n{}\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: damaged)
        let broken = try emulator.gqlpatch(["undo", damaged, "--yes"], schema: schema)
        #expect(broken.status == 65, "\(broken)")
        #expect(broken.stderr.hasPrefix("\(damaged):2: error: the undo log is damaged: "), "\(broken)")

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: log)
        let open = try emulator.gqlpatch(["undo", log, "--yes"], schema: schema)
        #expect(open.status == 65, "\(open)")
        #expect(
            open.stderr.contains(
                "gqlpatch: error: the undo log \(log) can be read or written by other users (mode 644): chmod 600"),
            "\(open)")

        let get = try emulator.gqlpatch(["get", "Item", "--id", "a", "--undo-log", log], schema: schema)
        #expect(get.status == 64, "\(get)")
        #expect(
            get.stderr.contains(
                "gqlpatch: error: --undo-log logs the records a command writes, and get writes none as given"), "\(get)"
        )
        #expect(try emulator.bodies().count == sent, "a refusal sent a request")
    }
}
