import Foundation
import JSON
import Testing

/// A user's project folder for the README examples, with the emulator it talks to: the repo's
/// schema.graphql, a transform.conf.json with conflict detection on (the emulator handles
/// conflicts optimistically), an `image.json` File, and records the examples name.
final class ReadmeProject: @unchecked Sendable {
    // @unchecked: owned by the one test that made it.
    let emulator: Emulator
    let folder: URL
    private let log: URL

    static let access = "AKIDREADMEEXAMPLE000", secret = "readme-example-secret-key-0000000000000", region = "eu-west-1"
    /// The API id the README's `--api-id` examples name: the emulator answers as AppSync's control
    /// plane for it (`AWS_ENDPOINT_URL_APPSYNC` points there, as it would at a real region's).
    static let apiID = "abcdefghijklmnopqrstuvwxyz"

    /// One gqlpatch call as the shim logged it.
    struct Call: CustomStringConvertible {
        var status: Int32
        var arguments: String
        var stderr: String
        var description: String { "gqlpatch \(arguments) -> exit \(status): \(stderr)" }
    }

    /// The fixture of the custom operations' examples: a schema declaring them, and the answers the
    /// emulator gives for them (what the functions would return).
    static let callFixture = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/call")

    /// The project a README example runs in.
    enum Kind {
        /// The repository's schema.graphql, seeded with the records the examples name.
        case standard
        /// Tests/Fixtures/call's schema.graphql (custom queries and mutations beside a model),
        /// answered by its handler.py; nothing is seeded.
        case customOperations
        /// A Gen 2 project: Tests/Fixtures/call/gen2's amplify_outputs.json (and no schema.graphql),
        /// the emulator serving its source.graphql, answered by its handler.py.
        case gen2
    }

    init(_ kind: Kind = .standard) throws {
        let gen2 = Self.callFixture.appendingPathComponent("gen2")
        let schema: String
        switch kind {
        case .standard:
            schema = TestPaths.schema
            emulator = try Emulator(arguments: [
                "--api-key", Emulator.apiKey, "--conflict-handler", "optimistic",
                "--iam", "\(Self.access):\(Self.secret):\(Self.region)", "--control-plane-api-id", Self.apiID,
            ])
        case .customOperations, .gen2:
            let fixture = kind == .gen2 ? gen2 : Self.callFixture
            schema = fixture.appendingPathComponent(kind == .gen2 ? "source.graphql" : "schema.graphql").path
            emulator = try Emulator(
                schema: schema,
                arguments: [
                    "--api-key", Emulator.apiKey, "--custom-handler", fixture.appendingPathComponent("handler.py").path,
                ])
        }
        folder = emulator.folder.appendingPathComponent("project")
        log = emulator.folder.appendingPathComponent("calls.tsv")
        let bin = emulator.folder.appendingPathComponent("bin")
        for directory in [folder, bin] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        if kind == .gen2 {
            try FileManager.default.copyItem(
                atPath: gen2.appendingPathComponent("amplify_outputs.json").path,
                toPath: folder.appendingPathComponent("amplify_outputs.json").path)
        } else {
            try FileManager.default.copyItem(
                atPath: schema, toPath: folder.appendingPathComponent("schema.graphql").path)
        }
        try write(
            "transform.conf.json",
            #"{"Version": 5, "ResolverConfig": {"project": {"ConflictHandler": "OPTIMISTIC_CONCURRENCY", "ConflictDetection": "VERSION"}}}"#
        )
        try write(
            "image.json",
            #"{"bucket": "assets", "region": "eu-west-1", "key": "images/lamp.png", "contentType": "image/png"}"#)
        let shim = bin.appendingPathComponent("gqlpatch")
        try """
        #!/usr/bin/env bash
        # Runs the real gqlpatch and logs: exit code, arguments, the start of stderr.
        err=$(mktemp)
        "$README_GQLPATCH" "$@" 2>"$err"
        status=$?
        cat "$err" >&2
        { printf '%s\\t%s\\t' "$status" "$*"; head -c 400 "$err" | tr '\\n\\t' '  '; echo; } >>"$README_CALLS"
        rm -f "$err"
        exit $status
        """.write(to: shim, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shim.path)
        if kind == .standard { try seed() }
    }

    func stop() { emulator.stop() }

    func write(_ name: String, _ contents: String) throws {
        try contents.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// Runs `script` with bash (errexit and pipefail, as a careful user's script does) in the folder.
    func bash(_ script: String) throws -> ProcessResult {
        let bin = emulator.folder.appendingPathComponent("bin").path
        return try CommandRunner.run(
            "/bin/bash", ["-e", "-o", "pipefail", "-c", script],
            environment: [
                "PATH": "\(bin):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")",
                "HOME": emulator.folder.path,
                "README_GQLPATCH": TestPaths.binary, "README_CALLS": log.path,
                "GQLPATCH_ENDPOINT": emulator.endpoint, "GQLPATCH_API_KEY": Emulator.apiKey,
                "AWS_ACCESS_KEY_ID": Self.access, "AWS_SECRET_ACCESS_KEY": Self.secret, "AWS_REGION": Self.region,
                "AWS_ENDPOINT_URL_APPSYNC": "http://127.0.0.1:\(emulator.port)",
                "DESC": "Oak desk, seats four",
            ],
            workingDirectory: folder.path, timeout: 120)
    }

    func calls() throws -> [Call] {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            return Call(
                status: Int32(parts[0]) ?? -1, arguments: parts.count > 1 ? String(parts[1]) : "",
                stderr: parts.count > 2 ? String(parts[2]) : "")
        }
    }

    /// The records the examples name: Item 42, two Items without a description (one stored as an
    /// explicit null, one absent), Items 1 and 2 of the apply lines (2 at _version 3), Recipe r1
    /// with three steps.
    private func seed() throws {
        try emulator.create("Item", ["id": "42", "name": "Chair", "description": "oak"])
        try emulator.create("Item", ["id": "7", "name": "Stool"])
        try emulator.create("Item", ["id": "8", "name": "Bench", "description": .null])
        try emulator.create("Item", ["id": "1", "name": "Chair", "description": "old"])
        try emulator.create("Item", ["id": "2", "name": "Shelf"])
        for version in 1...2 {
            _ = try emulator.graphQL(
                "mutation U($input: UpdateItemInput!) { updateItem(input: $input) { _version } }",
                variables: ["input": ["id": "2", "name": .string("Shelf \(version)"), "_version": .int(version)]])
        }
        try emulator.create("Recipe", ["id": "r1", "name": "Bread"])
        for row in 1...3 {
            try emulator.create(
                "RecipeStep", ["recipeID": "r1", "rowID": .int(row), "action": .string("step \(row)")], select: "rowID")
        }
    }

    /// What an example's run must have left on the server, where the example says.
    func checkOutcome(of example: ReadmeExample) throws {
        if example.body.contains("lamp-1") {
            let item = try emulator.graphQL(#"{ getItem(id: "lamp-1") { name description } }"#)["data"]?["getItem"]
            #expect(item?["name"] == "Desk lamp", "the quick start left \(String(describing: item))")
            #expect(item?["description"] == "brass, 40 cm", "the quick start's update kept the description")
        }
        if example.body.contains("backfill.undo") {
            // The backfill was undone: the two Items are without a description again.
            for id in ["7", "8"] {
                let item = try emulator.graphQL(#"{ getItem(id: "\#(id)") { description } }"#)["data"]?["getItem"]
                #expect(item?["description"] == .null, "undo left Item \(id) as \(String(describing: item))")
            }
            let written = try emulator.operationNames().filter { $0 == "UpdateItem" }.count
            #expect(written >= 4, "the backfill and its undo wrote \(written) updates")
        }
        if example.body.contains("backfill.jsonl") {
            for id in ["7", "8"] {
                let item = try emulator.graphQL(#"{ getItem(id: "\#(id)") { name description } }"#)["data"]?["getItem"]
                let name = item?["name"]?.stringValue ?? "?"
                #expect(
                    item?["description"]?.stringValue == "Imported \(name)",
                    "backfill left Item \(id) as \(String(describing: item))")
            }
        }
    }
}
