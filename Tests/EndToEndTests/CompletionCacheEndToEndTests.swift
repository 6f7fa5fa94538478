import Foundation
import Testing

/// The completion cache (`gqlpatch __complete` with `XDG_CACHE_HOME` or `HOME`), run as the shells
/// run it: the same candidates with and without the cache, on a source schema and a compiled one; a
/// second call answers from the cache file (a planted one with the right key is believed), and a
/// changed schema or `transform.conf.json` is noticed; the file is 0600 in 0700 folders, never written
/// through a symbolic link; `GQLPATCH_COMPLETION_CACHE=off` writes nothing; no HOME works.
@Suite struct CompletionCacheEndToEndTests {
    static let enumSchema = """
        enum Status { ACTIVE ARCHIVED DRAFT }
        type Task @model {
          id: ID!
          title: String!
          status: Status
          notes: String
        }
        """

    /// A scratch working directory with a cache folder beside it.
    struct Scratch {
        let folder: URL
        let cache: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "completion-cache-\(UUID().uuidString)")
            cache = folder.appendingPathComponent("xdg-cache")
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("work"), withIntermediateDirectories: true)
        }

        var work: URL { folder.appendingPathComponent("work") }
        var cacheFolder: URL { cache.appendingPathComponent("gqlpatch/completion") }

        func write(_ name: String, _ text: String) throws -> String {
            let path = work.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            return path
        }

        /// The cache files written so far.
        func cacheFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)) ?? []).sorted()
                .map { cacheFolder.appendingPathComponent($0).path }
        }

        /// `gqlpatch __complete` on `line` (the word under the cursor is the last, maybe empty).
        func complete(_ line: [String], environment: [String: String]? = nil) throws -> [String] {
            let result = try GQLPatchRun.run(
                ["__complete", String(line.count), "gqlpatch"] + line,
                environment: environment ?? ["XDG_CACHE_HOME": cache.path], in: work)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
            return result.stdout.split(separator: "\n").map(String.init)
        }

        func uncached(_ line: [String]) throws -> [String] {
            try complete(line, environment: ["XDG_CACHE_HOME": cache.path, "GQLPATCH_COMPLETION_CACHE": "off"])
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// Files written just now are not cached (a change in the same clock tick could go unseen; see
    /// `FileStamp.isRecent`): the tests let the clock move on before the call that fills the cache.
    static func settle() { Thread.sleep(forTimeInterval: 0.15) }

    /// The lines every schema is checked on: models, fields after --set, enum values, a --select list.
    static func lines(schema: String, model: String, enumField: String?) -> [[String]] {
        var lines = [
            ["--schema", schema, "update", ""],
            ["--schema", schema, "update", model, "--set", ""],
            ["--schema", schema, "create", model, "--set", ""],
            ["--schema", schema, "get", model, "--select", "id,"],
            ["--schema", schema, "list", model, "--where", ""],
        ]
        if let enumField { lines.append(["--schema", schema, "update", model, "--set", enumField + "="]) }
        return lines
    }

    func checkTheSameWithAndWithoutCache(_ scratch: Scratch, schema: String, model: String, enumField: String?) throws {
        for line in Self.lines(schema: schema, model: model, enumField: enumField) {
            let expected = try scratch.uncached(line)
            #expect(!expected.isEmpty, "\(line)")
            #expect(try scratch.complete(line) == expected, "cold: \(line)")
            #expect(try scratch.complete(line) == expected, "warm: \(line)")
        }
        #expect(scratch.cacheFiles().count == 1, "one cache file for the schema: \(scratch.cacheFiles())")
    }

    @Test func theSameCandidatesOnTheRepositorysSchema() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try checkTheSameWithAndWithoutCache(scratch, schema: TestPaths.schema, model: "RecipeStep", enumField: nil)
    }

    @Test func theSameCandidatesOnASourceAndACompiledSchemaWithAnEnum() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let source = try scratch.write("schema.graphql", Self.enumSchema)
        let compiled = try Emulator.compiledSchema(
            source: source, arguments: ["--conflict-handler", "optimistic"], into: scratch.work)
        let repositoryCompiled = try Emulator.compiledSchema(into: scratch.work)
        Self.settle()
        try checkTheSameWithAndWithoutCache(scratch, schema: source, model: "Task", enumField: "status")
        for file in scratch.cacheFiles() { try FileManager.default.removeItem(atPath: file) }
        try checkTheSameWithAndWithoutCache(scratch, schema: compiled, model: "Task", enumField: "status")
        for file in scratch.cacheFiles() { try FileManager.default.removeItem(atPath: file) }
        try checkTheSameWithAndWithoutCache(scratch, schema: repositoryCompiled, model: "RecipeStep", enumField: nil)
        // ./schema.graphql found without --schema.
        let line = ["update", "Task", "--set", "status="]
        #expect(try scratch.complete(line) == ["status=ACTIVE", "status=ARCHIVED", "status=DRAFT"])
        #expect(try scratch.complete(line) == ["status=ACTIVE", "status=ARCHIVED", "status=DRAFT"])
    }

    /// `call`: the custom operations' names, each argument as it is given (`id=`, `input:=`) and an
    /// enum argument's values, from a source schema and from a Gen 2 `amplify_outputs.json`; the
    /// same with the cache cold, warm and off.
    @Test func callCompletesOperationsArgumentsAndEnumValues() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let fixtures = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/call")
        let source = fixtures.appendingPathComponent("schema.graphql").path
        let outputs = fixtures.appendingPathComponent("gen2/amplify_outputs.json").path
        let expected: [([String], [String])] = [
            (["--schema", source, "call", ""], ["echo", "searchItems", "publishItem"]),
            (["--schema", source, "call", "pu"], ["publishItem"]),
            (["--schema", source, "call", "publishItem", "--arg", ""], ["id=", "status=", "meta:=", "input:="]),
            (
                ["--schema", source, "call", "publishItem", "--arg", "status="],
                ["status=QUEUED", "status=RUNNING", "status=DONE", "status=FAILED"]
            ),
            (["--schema", source, "call", "publishItem", "--arg=st"], ["--arg=status="]),
            (["--schema", outputs, "call", ""], ["getWeather", "generateRecipe", "report", "startExport"]),
            (["--schema", outputs, "call", "report", "--arg", ""], ["kind=", "payload:=", "details:="]),
            (["--schema", outputs, "call", "report", "--arg", "kind="], ["kind=BUG", "kind=IDEA"]),
        ]
        for (line, candidates) in expected {
            #expect(try scratch.uncached(line) == candidates, "off: \(line)")
            #expect(try scratch.complete(line) == candidates, "cold: \(line)")
            #expect(try scratch.complete(line) == candidates, "warm: \(line)")
        }
        #expect(scratch.cacheFiles().count == 2, "one cache file a schema: \(scratch.cacheFiles())")
    }

    @Test func aCacheFileWithTheRightKeyIsBelieved() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.write("schema.graphql", Self.enumSchema)
        Self.settle()
        #expect(try scratch.complete(["update", "Task", "--set", ""]) == ["title=", "status=", "notes="])
        let file = try #require(scratch.cacheFiles().first)
        // Plant other contents of the same length under the same key: the next Tab must show them.
        let planted = try String(contentsOfFile: file, encoding: .utf8)
            .replacingOccurrences(of: "\tnotes:scalar:", with: "\tplant:scalar:")
        try planted.write(toFile: file, atomically: false, encoding: .utf8)
        #expect(try scratch.complete(["update", "Task", "--set", ""]) == ["title=", "status=", "plant="])
        #expect(try scratch.uncached(["update", "Task", "--set", ""]) == ["title=", "status=", "notes="])
    }

    @Test func aChangedSchemaIsNoticedEvenAtTheSameSize() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let schema = try scratch.write("schema.graphql", Self.enumSchema)
        Self.settle()
        let line = ["--schema", schema, "update", "Task", "--set", ""]
        #expect(try scratch.complete(line) == ["title=", "status=", "notes="])
        #expect(try scratch.complete(line) == ["title=", "status=", "notes="])
        let before = try FileManager.default.attributesOfItem(atPath: schema)
        try Self.enumSchema.replacingOccurrences(of: "notes", with: "memos").write(
            toFile: schema, atomically: false, encoding: .utf8)
        let after = try FileManager.default.attributesOfItem(atPath: schema)
        #expect(before[.size] as? Int == after[.size] as? Int, "the same size")
        #expect(try scratch.complete(line) == ["title=", "status=", "memos="])
        Self.settle()
        #expect(try scratch.complete(line) == ["title=", "status=", "memos="])
        #expect(try scratch.complete(line) == ["title=", "status=", "memos="])
    }

    @Test func aTransformConfigChangeIsNoticed() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.write("schema.graphql", Self.enumSchema)
        Self.settle()
        let line = ["get", "Task", "--select", "notes,"]
        let plain = ["notes,id", "notes,title", "notes,status", "notes,createdAt", "notes,updatedAt"]
        #expect(try scratch.complete(line) == plain)
        #expect(try scratch.complete(line) == plain)
        let config = try scratch.write(
            "transform.conf.json", #"{"ResolverConfig": {"project": {"ConflictDetection": "VERSION"}}}"#)
        let versioned = try scratch.complete(line)
        #expect(versioned == plain + ["notes,_version", "notes,_deleted", "notes,_lastChangedAt"])
        #expect(try scratch.uncached(line) == versioned)
        Self.settle()
        #expect(try scratch.complete(line) == versioned)
        try #"{"ResolverConfig": {"project": {"ConflictDetection": "NONE!!"}}}"#.write(
            toFile: config, atomically: false, encoding: .utf8)
        #expect(try scratch.complete(line) == plain, "edited at the same size")
        try FileManager.default.removeItem(atPath: config)
        #expect(try scratch.complete(line) == plain, "removed")
    }

    @Test func filesAre0600InFolders0700AndAGarbageFileIsReplaced() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.write("schema.graphql", Self.enumSchema)
        Self.settle()
        #expect(try scratch.complete(["update", ""]) == ["Task"])
        func mode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        #expect(try mode(scratch.cache.path) == 0o700)
        #expect(try mode(scratch.cache.appendingPathComponent("gqlpatch").path) == 0o700)
        #expect(try mode(scratch.cacheFolder.path) == 0o700)
        let file = try #require(scratch.cacheFiles().first)
        #expect(scratch.cacheFiles().count == 1, "no temporary file left: \(scratch.cacheFiles())")
        #expect(try mode(file) == 0o600)
        try "garbage\n".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(try scratch.complete(["update", ""]) == ["Task"])
        let replaced = try String(contentsOfFile: file, encoding: .utf8)
        #expect(replaced.hasPrefix("gqlpatch-completion-cache\t"), "\(replaced)")
        #expect(try mode(file) == 0o600)
    }

    @Test func aSymbolicLinkAtTheCachePathIsNeitherFollowedNorWrittenThrough() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.write("schema.graphql", Self.enumSchema)
        Self.settle()
        #expect(try scratch.complete(["update", "Task", "--set", ""]) == ["title=", "status=", "notes="])
        let file = try #require(scratch.cacheFiles().first)
        let good = try String(contentsOfFile: file, encoding: .utf8)
        // A link to a file holding a valid cache with other contents: neither read nor overwritten.
        let target = scratch.folder.appendingPathComponent("elsewhere.cache").path
        let planted = good.replacingOccurrences(of: "\tnotes:scalar:", with: "\tplant:scalar:")
        try planted.write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: target)
        #expect(try scratch.complete(["update", "Task", "--set", ""]) == ["title=", "status=", "notes="])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == planted, "the link's target is untouched")
        let kind = try FileManager.default.attributesOfItem(atPath: file)[.type] as? FileAttributeType
        #expect(kind == .typeRegular, "the link was replaced by a cache file")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == good)
    }

    @Test func offWritesNothing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.write("schema.graphql", Self.enumSchema)
        Self.settle()
        #expect(try scratch.uncached(["update", "Task", "--set", ""]) == ["title=", "status=", "notes="])
        #expect(try scratch.uncached(["update", ""]) == ["Task"])
        #expect(!FileManager.default.fileExists(atPath: scratch.cache.path), "nothing created")
    }

    @Test func homeIsUsedWithoutXDGAndNoHomeWorks() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.write("schema.graphql", Self.enumSchema)
        Self.settle()
        let home = scratch.folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let line = ["__complete", "4", "gqlpatch", "update", "Task", "--set", ""]
        let withHome = try CommandRunner.run(
            "/usr/bin/env", ["-u", "XDG_CACHE_HOME", "HOME=\(home.path)", TestPaths.binary] + line,
            workingDirectory: scratch.work.path)
        #expect(
            withHome.status == 0 && withHome.stderr.isEmpty && withHome.stdout == "title=\nstatus=\nnotes=\n",
            "\(withHome)")
        let files = try FileManager.default.contentsOfDirectory(
            atPath: home.appendingPathComponent(".cache/gqlpatch/completion").path)
        #expect(files.count == 1 && files[0].hasSuffix(".cache"), "\(files)")
        let noHome = try CommandRunner.run(
            "/usr/bin/env", ["-u", "XDG_CACHE_HOME", "-u", "HOME", TestPaths.binary] + line,
            workingDirectory: scratch.work.path)
        #expect(
            noHome.status == 0 && noHome.stderr.isEmpty && noHome.stdout == "title=\nstatus=\nnotes=\n", "\(noHome)")
    }
}
