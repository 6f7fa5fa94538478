import Foundation
import JSON
import Testing

/// An export's first and last lines make it tell a whole file from one cut short or changed:
/// `import` refuses a 1,000-line export cut at every line boundary and at random bytes inside lines,
/// sending nothing, and imports the whole file; `apply` refuses a cut file before sending and, from
/// a pipe, at its end; `--allow-incomplete` reads what a cut file holds; a file changed inside or
/// with lines added is refused; a file without the header (an older export) imports with a note.
@Suite struct ExportSealEndToEndTests {
    /// A source holding 998 Items, so its export is 1,000 lines with the header and the end line.
    private func source() throws -> Emulator {
        let emulator = try Emulator()
        let creates = (1...998).map {
            #"{"op": "create", "model": "Item", "key": {"id": "item-\#($0)"}, "set": {"name": "Item \#($0)"}}"#
        }
        let seeded = try emulator.gqlpatch(["apply", "-", "-j", "16"], stdin: creates.joined(separator: "\n") + "\n")
        #expect(seeded.status == 0, "\(seeded)")
        return emulator
    }

    @Test func everyCutOfAThousandLineExportIsRefusedAndTheWholeOneImports() throws {
        let source = try source()
        defer { source.stop() }
        let file = source.folder.appendingPathComponent("backup.jsonl").path
        let exported = try source.gqlpatch(["export", "Item", "-o", file])
        #expect(exported.status == 0, "\(exported)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0 + "\n" }
        try #require(lines.count == 1_000)
        let target = try Emulator()
        defer { target.stop() }
        let cut = target.folder.appendingPathComponent("cut.jsonl").path
        var refused = 0
        for kept in 0..<lines.count {
            try lines[0..<kept].joined().write(toFile: cut, atomically: false, encoding: .utf8)
            let result = try target.gqlpatch(["import", cut])
            let start = kept == 0 ? "gqlpatch: error: \(cut) is empty" : "gqlpatch: error: \(cut) was cut short"
            if result.status == 65, result.stderr.hasPrefix(start) {
                refused += 1
            } else {
                Issue.record("\(kept) lines: \(result)")
            }
        }
        #expect(refused == 1_000)
        // Cut inside a line: at a random byte of 30 lines, the header's and the end line's included.
        var generator = SystemRandomNumberGenerator()
        let offsets = lines.indices.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + lines[$1].utf8.count) }
        for index in [0, lines.count - 1] + (0..<28).map({ _ in Int.random(in: 1..<999, using: &generator) }) {
            let begin = index == 0 ? 0 : offsets[index - 1]
            let at = begin + Int.random(in: 1..<lines[index].utf8.count - 1, using: &generator)
            try Data(text.utf8.prefix(at)).write(to: URL(fileURLWithPath: cut))
            let result = try target.gqlpatch(["import", cut])
            #expect(result.status == 65, "cut at byte \(at) (line \(index + 1)): \(result)")
            #expect(result.stderr.hasPrefix("gqlpatch: error: \(cut) "), "\(result)")
        }
        #expect(try target.bodiesBesidesProbe().isEmpty, "a refused file sends nothing")
        let whole = try target.gqlpatch(["import", file, "-j", "16"])
        #expect(whole.status == 0, "\(whole)")
        #expect(whole.stderr.contains("gqlpatch: import: done: 998 lines"), "\(whole)")
    }

    /// One model to standard output streams: its first lines are out while pages are still being
    /// read (a slow server, a record a page), and the whole output is the export written to a file.
    @Test func oneModelStreamsToStandardOutputAsPagesArrive() throws {
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey, "--latency-ms", "50"])
        defer { emulator.stop() }
        for id in 1...30 { try emulator.create("Item", ["id": .string("i\(id)"), "name": .string("Item \(id)")]) }
        let arguments = [
            "--endpoint", emulator.endpoint, "--api-key", Emulator.apiKey, "--schema", TestPaths.schema, "export",
            "Item", "--page-size", "1",
        ]
        let streaming = try ApplyProcess(arguments, in: emulator.folder)
        #expect(streaming.waitForOutput(lines: 3))
        #expect(streaming.process.isRunning, "the first records were out before the last page was read")
        #expect(try streaming.wait(timeout: 60) == 0, "\(streaming.stderr)")
        let file = try GQLPatchRun.run(arguments + ["-o", "items.jsonl"], in: emulator.folder)
        #expect(file.status == 0, "\(file)")
        let written = try String(contentsOf: emulator.folder.appendingPathComponent("items.jsonl"), encoding: .utf8)
        #expect(streaming.stdout == written)
        // `-o /dev/stdout` into a pipe is written in place, as standard output is.
        let device = try GQLPatchRun.run(
            Array(arguments.dropLast(2)) + ["-o", "/dev/stdout"], in: emulator.folder)
        #expect(device.status == 0, "\(device)")
        #expect(device.stdout == written)
    }

    @Test func aChangedFileIsRefusedAndAllowIncompleteReadsACutOne() throws {
        let source = try Emulator()
        defer { source.stop() }
        for id in 1...3 { try source.create("Item", ["id": .string("i\(id)"), "name": .string("Item \(id)")]) }
        let exported = try source.gqlpatch(["export", "Item"])
        #expect(exported.status == 0, "\(exported)")
        let lines = exported.stdout.split(separator: "\n").map { $0 + "\n" }
        try #require(lines.count == 5)
        let target = try Emulator()
        defer { target.stop() }
        func run(_ name: String, _ contents: String, _ arguments: [String] = [], command: String = "import")
            throws -> ProcessResult
        {
            let path = try target.file(name, contents)
            return try target.gqlpatch([command, path] + arguments)
        }
        let edited = try run("edited.jsonl", lines.joined().replacingOccurrences(of: "Item 2", with: "Item 9"))
        #expect(edited.status == 65, "\(edited)")
        #expect(
            edited.stderr.hasPrefix(
                "gqlpatch: error: \(target.folder.path)/edited.jsonl is not the file its export wrote: its lines differ"
            ), "\(edited)")
        let dropped = try run("dropped.jsonl", ([lines[0], lines[1], lines[3], lines[4]]).joined())
        #expect(dropped.status == 65, "\(dropped)")
        #expect(dropped.stderr.contains("its end line counts 3 lines, and 2 are there"), "\(dropped)")
        let joined = try run("joined.jsonl", (lines + lines).joined())
        #expect(joined.status == 65, "\(joined)")
        #expect(joined.stderr.contains("has lines after its export's end line (line 6)"), "\(joined)")
        let applied = try run("cut-apply.jsonl", lines.prefix(3).joined(), command: "apply")
        #expect(applied.status == 65, "\(applied)")
        #expect(
            applied.stderr.hasPrefix("gqlpatch: error: \(target.folder.path)/cut-apply.jsonl was cut short"),
            "\(applied)")
        #expect(try target.bodiesBesidesProbe().isEmpty, "nothing was sent for a refused file")
        // From a pipe the lines go as they come: the end is found missing after them.
        let piped = try target.gqlpatch(["apply", "-"], stdin: lines.prefix(3).joined())
        #expect(piped.status == 65, "\(piped)")
        #expect(piped.stderr.contains("gqlpatch: error: <stdin> was cut short"), "\(piped)")
        #expect(piped.stderr.contains("the lines it holds were applied"), "\(piped)")
        let allowed = try run("cut.jsonl", lines.prefix(3).joined(), ["--allow-incomplete"])
        #expect(allowed.status == 0, "\(allowed)")
        #expect(
            allowed.stderr.contains("gqlpatch: warning: \(target.folder.path)/cut.jsonl was cut short"), "\(allowed)")
        #expect(try target.gqlpatch(["get", "Item", "--id", "i2"]).status == 0)
        // An export of an older gqlpatch (no header, no end line) imports with a note.
        let older = try run("older.jsonl", lines[1..<4].joined())
        #expect(older.status == 0, "\(older)")
        #expect(
            older.stderr.hasPrefix("gqlpatch: note: \(target.folder.path)/older.jsonl has no export header"), "\(older)"
        )
        // Cut inside a line of such a file: a damaged file, not a schema problem.
        let damaged = try run("damaged.jsonl", String(lines[1..<4].joined().dropLast(20)))
        #expect(damaged.status == 65, "\(damaged)")
        #expect(
            damaged.stderrAfterUncheckedNote.hasPrefix(
                "gqlpatch: error: \(target.folder.path)/damaged.jsonl is damaged: line 3 is not JSON"), "\(damaged)")
    }
}
