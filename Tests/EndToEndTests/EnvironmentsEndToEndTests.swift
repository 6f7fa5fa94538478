import Foundation
import JSON
import Testing

/// Named environments against two emulators standing for two APIs ("a", whose key is in a variable,
/// and "b", whose key is in a file): each way of choosing one reaches it; the precedence holds value
/// by value (a test per row: a flag, the environment named, the variables, the folder's config, the
/// default), as `env show` says and as the request logs show; only `env add`, `remove` and `use`
/// write the environments file; a protected environment refuses writes without `--yes` where no
/// terminal can ask (nothing sent), and asks for its name on one.
@Suite struct EnvironmentsEndToEndTests {
    /// Two emulators, a home with the environments file, and a working folder without a config.
    final class Bed: @unchecked Sendable {
        // @unchecked: owned by the one test that made it.
        let a: Emulator
        let b: Emulator
        let home: URL
        let work: URL
        let keyFile: URL
        /// Both emulators take the harness's key: "a" is given it through a variable, "b" through a file.
        static let keyA = Emulator.apiKey

        init(protectB: Bool = false) throws {
            a = try Emulator()
            b = try Emulator()
            home = a.folder.appendingPathComponent("home")
            work = a.folder.appendingPathComponent("work")
            for folder in [home, work] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            keyFile = a.folder.appendingPathComponent("b.key")
            try (Emulator.apiKey + "\n").write(to: keyFile, atomically: true, encoding: .utf8)
            try a.create("Item", ["id": "x", "name": "from a"])
            try b.create("Item", ["id": "x", "name": "from b"])
            try expectSuccess(
                ["env", "add", "a", "--endpoint", a.endpoint, "--schema", TestPaths.schema, "--api-key-env", "KEY_A"])
            try expectSuccess(
                [
                    "env", "add", "b", "--endpoint", b.endpoint, "--schema", TestPaths.schema, "--api-key-file",
                    keyFile.path,
                ]
                    + (protectB ? ["--protect"] : []))
        }

        func stop() {
            a.stop()
            b.stop()
        }

        var file: URL { home.appendingPathComponent(".config/gqlpatch/environments.json") }

        func gqlpatch(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) throws
            -> ProcessResult
        {
            var all = ["HOME": home.path, "KEY_A": Self.keyA]
            all.merge(environment) { _, new in new }
            return try GQLPatchRun.run(arguments, environment: all, stdin: stdin, in: work)
        }

        func expectSuccess(_ arguments: [String]) throws {
            let result = try gqlpatch(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
        }

        /// Which API answered `get Item --id x`.
        func reached(_ arguments: [String], environment: [String: String] = [:]) throws -> String? {
            let result = try gqlpatch(arguments + ["get", "Item", "--id", "x", "--compact"], environment: environment)
            #expect(result.status == 0, "\(arguments) \(environment): \(result)")
            return try JSONValue.parse(result.stdout)["name"]?.stringValue
        }

        /// `env show`'s `from` for the value `name`.
        func source(of name: String, _ arguments: [String] = [], environment: [String: String] = [:]) throws -> String?
        {
            let result = try gqlpatch(arguments + ["env", "show", "--compact"], environment: environment)
            #expect(result.status == 0, "\(result)")
            let values = try JSONValue.parse(result.stdout)["values"]?.arrayValue ?? []
            return values.first { $0["name"] == .string(name) }?["from"]?.stringValue
        }

        /// A Gen 2 config in the working folder, pointing at `emulator`, and the schema beside it.
        func writeConfig(for emulator: Emulator, key: String) throws {
            try FileManager.default.copyItem(
                atPath: TestPaths.schema, toPath: work.appendingPathComponent("schema.graphql").path)
            try
                #"{"version": "1", "data": {"url": "\#(emulator.endpoint)", "aws_region": "eu-west-1", "default_authorization_type": "API_KEY", "api_key": "\#(key)", "authorization_types": []}}"#
                .write(to: work.appendingPathComponent("amplify_outputs.json"), atomically: true, encoding: .utf8)
        }
    }

    @Test func eachWayOfChoosingReachesItsEnvironment() throws {
        let bed = try Bed()
        defer { bed.stop() }
        #expect(try bed.reached(["--env", "a"]) == "from a")
        #expect(try bed.reached(["--env", "b"]) == "from b")
        #expect(try bed.reached([], environment: ["GQLPATCH_ENV": "a"]) == "from a")
        #expect(try bed.reached([], environment: ["GQLPATCH_ENV": "b"]) == "from b")
        #expect(try bed.reached(["--env", "b"], environment: ["GQLPATCH_ENV": "a"]) == "from b", "the flag wins")
        try bed.expectSuccess(["env", "use", "b"])
        #expect(try bed.reached([]) == "from b")
        try bed.expectSuccess(["env", "use", "a"])
        #expect(try bed.reached([]) == "from a")
        let unknown = try bed.gqlpatch(["--env", "c", "get", "Item", "--id", "x"])
        #expect(unknown.status == 78, "\(unknown)")
        #expect(unknown.stderr.hasPrefix("gqlpatch: error: no environment 'c' in "), "\(unknown)")
    }

    // The precedence, one row a test: each value's winner, as `env show` says and as the run goes.

    @Test func aFlagWinsOverTheEnvironmentNamed() throws {
        let bed = try Bed()
        defer { bed.stop() }
        #expect(
            try bed.reached(["--env", "a", "--endpoint", bed.b.endpoint, "--api-key", Emulator.apiKey]) == "from b")
        #expect(try bed.source(of: "endpoint", ["--env", "a", "--endpoint", bed.b.endpoint]) == "--endpoint")
    }

    @Test func theEnvironmentNamedWinsOverTheVariables() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let variables = ["GQLPATCH_ENDPOINT": bed.b.endpoint, "GQLPATCH_API_KEY": Emulator.apiKey]
        #expect(try bed.reached(["--env", "a"], environment: variables) == "from a")
        #expect(try bed.source(of: "endpoint", ["--env", "a"], environment: variables) == "environment a (--env)")
        #expect(
            try bed.source(of: "apiKey", environment: variables.merging(["GQLPATCH_ENV": "a"]) { $1 })
                == "environment a (GQLPATCH_ENV)")
    }

    @Test func theVariablesWinOverTheFoldersConfig() throws {
        let bed = try Bed()
        defer { bed.stop() }
        try bed.writeConfig(for: bed.a, key: Bed.keyA)
        let variables = ["GQLPATCH_ENDPOINT": bed.b.endpoint, "GQLPATCH_API_KEY": Emulator.apiKey]
        #expect(try bed.reached([], environment: variables) == "from b")
        #expect(try bed.source(of: "endpoint", environment: variables) == "GQLPATCH_ENDPOINT")
        #expect(try bed.source(of: "region") == bed.work.appendingPathComponent("amplify_outputs.json").path)
    }

    @Test func theFoldersConfigWinsOverTheDefault() throws {
        let bed = try Bed()
        defer { bed.stop() }
        try bed.expectSuccess(["env", "use", "b"])
        try bed.writeConfig(for: bed.a, key: Bed.keyA)
        #expect(try bed.reached([]) == "from a")
        #expect(
            try bed.source(of: "endpoint") == bed.work.appendingPathComponent("amplify_outputs.json").path)
    }

    @Test func theDefaultServesAFolderWithoutAConfig() throws {
        let bed = try Bed()
        defer { bed.stop() }
        try bed.expectSuccess(["env", "use", "b"])
        #expect(try bed.reached([]) == "from b")
        #expect(try bed.source(of: "endpoint") == "environment b (env use)")
        #expect(try bed.source(of: "apiKey") == "environment b (env use)")
        // Under the variables, value by value.
        let variables = ["GQLPATCH_ENDPOINT": bed.a.endpoint, "GQLPATCH_API_KEY": Bed.keyA]
        #expect(try bed.reached([], environment: variables) == "from a")
        #expect(try bed.source(of: "schema", environment: variables) == "environment b (env use)")
    }

    @Test func envShowNamesEachValuesSourceAndNoSecret() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let secret = "da2-" + "secretnevershown000000000000"
        let show = try bed.gqlpatch(
            ["--env", "b", "--region", "eu-west-1", "env", "show", "--compact"],
            environment: ["GQLPATCH_API_KEY": secret, "GQLPATCH_AUTH": "api-key"])
        #expect(show.status == 0, "\(show)")
        let report = try JSONValue.parse(show.stdout)
        #expect(report["environment"] == "b" && report["chosenBy"] == "--env" && report["protected"] == false)
        #expect(
            report["values"]
                == [
                    ["name": "endpoint", "value": .string(bed.b.endpoint), "from": "environment b (--env)"],
                    ["name": "schema", "value": .string(TestPaths.schema), "from": "environment b (--env)"],
                    ["name": "auth", "value": "api-key", "from": "GQLPATCH_AUTH"],
                    ["name": "apiKey", "value": .string(bed.keyFile.path), "from": "environment b (--env)"],
                    ["name": "region", "value": "eu-west-1", "from": "--region"],
                ])
        let list = try bed.gqlpatch(["env", "list"], environment: ["GQLPATCH_API_KEY": secret])
        for text in [
            show.stdout, show.stderr, list.stdout, list.stderr, try String(contentsOf: bed.file, encoding: .utf8),
        ] {
            #expect(!text.contains(secret) && !text.contains(Bed.keyA) && !text.contains(Emulator.apiKey))
        }
        let refused = try bed.gqlpatch(["env", "add", "c", "--endpoint", bed.a.endpoint, "--api-key", secret])
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stderr.hasPrefix("gqlpatch: error: env add stores no secret, and --api-key gives one"))
        #expect(!(try String(contentsOf: bed.file, encoding: .utf8)).contains(secret))
    }

    @Test func onlyAddRemoveAndUseWriteTheFile() throws {
        let bed = try Bed()
        defer { bed.stop() }
        func stamp() throws -> String {
            let attributes = try FileManager.default.attributesOfItem(atPath: bed.file.path)
            let bytes = try Data(contentsOf: bed.file)
            return
                "\(attributes[.modificationDate]!) \(attributes[.systemFileNumber]!) \(bytes.count) \(bytes.hashValue)"
        }
        let permissions = try FileManager.default.attributesOfItem(atPath: bed.file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        let before = try stamp()
        for arguments in [
            ["--env", "a", "get", "Item", "--id", "x"],
            ["--env", "a", "update", "Item", "--id", "x", "--set", "name=n"],
            ["--env", "a", "list", "Item"], ["env", "list"], ["env", "show"], ["env", "show", "b"],
            ["--env", "b", "--dry-run", "delete", "Item", "--id", "x"], ["__complete", "2", "gqlpatch", "--env", ""],
        ] {
            _ = try bed.gqlpatch(arguments, environment: ["GQLPATCH_ENV": "a"])
            #expect(try stamp() == before, "\(arguments) changed the environments file")
        }
        try bed.expectSuccess(["env", "use", "a"])
        #expect(try stamp() != before)
    }

    struct Write: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        Write(arguments: ["--env", "b", "update", "Item", "--id", "x", "--set", "name=n"]),
        Write(arguments: ["--env", "b", "apply", "lines.jsonl"]),
        Write(arguments: ["--env", "b", "import", "export.jsonl"]),
        Write(arguments: ["--env", "b", "delete", "Item", "--where", "name=from b"]),
        Write(arguments: ["copy", "Item", "--from-env", "a", "--to-env", "b"]),
        Write(arguments: ["--env", "b", "query", "mutation { deleteItem(input: {id: \"x\"}) { id } }"]),
        Write(arguments: ["--env", "b", "undo", "b.undo"]),
    ])
    func aProtectedEnvironmentRefusesAWriteWithoutYes(_ write: Write) throws {
        let bed = try Bed(protectB: true)
        defer { bed.stop() }
        try #"{"op": "update", "model": "Item", "key": {"id": "x"}, "set": {"name": "n"}}"#.write(
            to: bed.work.appendingPathComponent("lines.jsonl"), atomically: true, encoding: .utf8)
        let export = try bed.gqlpatch(["--env", "a", "export", "Item", "-o", "export.jsonl"])
        #expect(export.status == 0, "\(export)")
        if write.arguments.contains("undo") {
            // A logged write to undo, confirmed.
            let logged = try bed.gqlpatch(
                ["--yes", "--env", "b", "update", "Item", "--id", "x", "--set", "name=logged", "--undo-log", "b.undo"],
                stdin: "")
            #expect(logged.status == 0, "\(logged)")
        }
        let before = try bed.b.bodies().count
        let refused = try bed.gqlpatch(write.arguments, stdin: "")
        #expect(refused.status == 64, "\(refused)")
        #expect(
            refused.stderr.hasPrefix(
                "gqlpatch: error: the environment is protected and standard input is not a terminal to confirm this write: pass --yes"
            ), "\(refused)")
        #expect(refused.stderr.contains("(environment b)"), "the error names the environment: \(refused)")
        #expect(try bed.b.bodies().count == before, "nothing was sent to the protected environment")
        // A dry run is free; --yes goes on.
        let planned = try bed.gqlpatch(["--dry-run"] + write.arguments, stdin: "")
        #expect(planned.status == 0, "\(planned)")
        let confirmed = try bed.gqlpatch(["--yes"] + write.arguments, stdin: "")
        #expect(confirmed.status == 0, "\(confirmed)")
        #expect(try bed.b.bodies().count > before)
        // Reads are free.
        let read = try bed.gqlpatch(["--env", "b", "list", "Item"], stdin: "")
        #expect(read.status == 0, "\(read)")
    }

    @Test func onATerminalTheEnvironmentsNameConfirmsTheWrite() throws {
        let bed = try Bed(protectB: true)
        defer { bed.stop() }
        func typed(_ answer: String) throws -> ProcessResult {
            let command = [
                TestPaths.binary, "--env", "b", "--compact", "update", "Item", "--id", "x", "--set", "name=typed",
            ].joined(separator: " ")
            return try CommandRunner.run(
                "/bin/bash", ["-c", "echo \(answer) | script -qec '\(command)' /dev/null"],
                environment: ["HOME": bed.home.path], workingDirectory: bed.work.path)
        }
        let before = try bed.b.bodies().count
        let wrong = try typed("a")
        #expect(wrong.status == 64, "\(wrong)")
        #expect(wrong.stdout.contains("gqlpatch: environment b is protected. Type its name to write to it: "))
        #expect(
            wrong.stdout.contains(
                "gqlpatch: error: the write was not confirmed (the answer was not the environment's name); nothing was sent"
            ))
        #expect(try bed.b.bodies().count == before)
        let right = try typed("b")
        #expect(right.status == 0, "\(right)")
        #expect(right.stdout.contains(#""name":"typed""#), "\(right)")
    }

    @Test func environmentNamesComplete() throws {
        let bed = try Bed()
        defer { bed.stop() }
        func complete(_ line: [String]) throws -> [String] {
            let result = try bed.gqlpatch(["__complete", String(line.count), "gqlpatch"] + line)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["--env", ""]) == ["a", "b"])
        #expect(try complete(["get", "Item", "--env", "b"]) == ["b"])
        #expect(try complete(["--env="]) == ["--env=a", "--env=b"])
        #expect(try complete(["copy", "Item", "--to-env", ""]) == ["a", "b"])
        #expect(try complete(["env", ""]) == ["add", "list", "show", "remove", "use"])
        #expect(try complete(["env", "use", ""]) == ["a", "b"])
        #expect(try complete(["env", "add", ""]).isEmpty, "a new name is the user's")
    }
}
