import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 12, item 11: every file input is read within its documented limit (README "Limits"). Each
/// input is given `/dev/zero`, a FIFO that nobody writes to, and a file one byte over its limit; each
/// run must end with its exit code, its message and nothing on stdout, in under 2 s (a hang guard
/// that kills the child: the old code read those for ever) and under 100 MB peak resident memory
/// (`ru_maxrss` of the child, from wait4).
@Suite struct BoundedReadEndToEndTests {
    static let guardSeconds = 2.0
    static let memoryLimitKB = 100 * 1024
    static let valueLimit = 16 << 20
    static let schemaLimit = 128 << 20
    static let lineLimit = 16 << 20
    static let journalLimit = 4 << 30
    static let endpoint = "http://127.0.0.1:9/graphql"

    /// One file input: how to name the file (`X`) on the command line and its limit.
    struct Input: CustomStringConvertible, Sendable {
        var description: String
        var limit: Int
        /// Arguments with `X` standing for the file's path.
        var arguments: [String]
        var environment: [String: String] = [:]
        /// Put the file in the working directory under this name (a symbolic link) instead of naming it.
        var linkedAs: String?
        /// The message past the size limit, after `gqlpatch: error: ` and the path (default: too large).
        var overLimitMessage: String = " is too large: over "
        /// The FIFO's exit code and message after the path (default: 66, no writer).
        var fifo: (Int32, String)? = nil
        /// A file gqlpatch finds itself: one it cannot read is configuration (78 instead of 66).
        var found = false
        /// An input whose size and device problems are configuration (78 instead of 65: the AWS files).
        var configuration = false
        /// The journal's own wording: "the journal X ..." (it refuses what is not a regular file).
        var isJournal = false
    }

    static let schema = TestPaths.schema
    static let inputs: [Input] = [
        Input(
            description: "--set F=@", limit: valueLimit,
            arguments: ["--dry-run", "--schema", schema, "update", "Item", "--id", "1", "--set", "name=@X"]),
        Input(
            description: "--patch", limit: valueLimit,
            arguments: ["--dry-run", "--schema", schema, "update", "Item", "--id", "1", "--patch", "X"]),
        Input(
            description: "--token @", limit: valueLimit,
            // Not dry runs (which look no credential up): the file is read before anything is sent to the
            // closed port.
            arguments: [
                "--endpoint", endpoint, "--schema", schema, "--auth", "user-pool", "--token", "@X", "get", "Item",
                "--id", "1",
            ]),
        Input(
            description: "--schema", limit: schemaLimit,
            arguments: ["--dry-run", "--schema", "X", "get", "Item", "--id", "1"]),
        Input(
            description: "GQLPATCH_SCHEMA", limit: schemaLimit, arguments: ["--dry-run", "get", "Item", "--id", "1"],
            environment: ["GQLPATCH_SCHEMA": "X"]),
        Input(
            description: "--config", limit: schemaLimit,
            arguments: ["--dry-run", "--schema", schema, "--config", "X", "get", "Item", "--id", "1"]),
        Input(
            description: "apply input", limit: lineLimit, arguments: ["--dry-run", "--schema", schema, "apply", "X"],
            overLimitMessage: ":1: error: the line is too long: over "),
        Input(
            description: "--filter @", limit: valueLimit,
            arguments: ["--dry-run", "--schema", schema, "list", "Item", "--filter", "@X"]),
        Input(description: "query @", limit: valueLimit, arguments: ["--dry-run", "--schema", schema, "query", "@X"]),
        Input(
            description: "--var x=@", limit: valueLimit,
            arguments: [
                "--dry-run", "--schema", schema, "query", "query($n: ID!) { getItem(id: $n) { id } }", "--var", "n=@X",
            ]),
        Input(
            description: "the journal on --resume", limit: journalLimit,
            arguments: [
                "--endpoint", endpoint, "--auth", "none", "--schema", schema, "apply", "INPUT", "--journal", "X",
                "--resume",
            ],
            fifo: (65, " is not a regular file"), isJournal: true),
        Input(
            description: "./schema.graphql", limit: schemaLimit, arguments: ["--dry-run", "get", "Item", "--id", "1"],
            linkedAs: "schema.graphql",
            found: true),
        Input(
            description: "./amplify_outputs.json", limit: schemaLimit,
            arguments: ["--dry-run", "--schema", schema, "get", "Item", "--id", "1"],
            linkedAs: "amplify_outputs.json", found: true),
        Input(
            description: "AWS_CONFIG_FILE", limit: valueLimit,
            arguments: ["--endpoint", endpoint, "--schema", schema, "--auth", "iam", "get", "Item", "--id", "1"],
            environment: ["AWS_CONFIG_FILE": "X"], configuration: true),
    ]

    enum Source: String, CaseIterable, Sendable {
        case devZero = "/dev/zero"
        case fifoWithoutWriter = "a FIFO with no writer"
        case oneByteOver = "a file one byte over the limit"
    }

    @Test(arguments: inputs, Source.allCases)
    func everyReadIsBounded(input: Input, source: Source) throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path: String
        switch source {
        case .devZero:
            path = "/dev/zero"
        case .fifoWithoutWriter:
            path = folder.appendingPathComponent("fifo").path
            #expect(mkfifo(path, 0o600) == 0)
        case .oneByteOver:
            // Sparse: the size is there without the bytes on disk.
            path = folder.appendingPathComponent("over").path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, off_t(input.limit + 1)) == 0)
        }
        var shown = path
        if let name = input.linkedAs {
            shown = folder.appendingPathComponent(name).path
            try FileManager.default.createSymbolicLink(atPath: shown, withDestinationPath: path)
        }
        let applyInput = folder.appendingPathComponent("in.jsonl").path
        try #"{"op":"update","model":"Item","key":{"id":"1"},"set":{"name":"Lamp"}}"#.appending("\n")
            .write(toFile: applyInput, atomically: true, encoding: .utf8)
        let substitute = { (text: String) in
            PathPlaceholder.substitute(text.replacingOccurrences(of: "INPUT", with: applyInput), with: path)
        }
        let outcome = try MeasuredRun.run(
            input.arguments.map(substitute), environment: input.environment.mapValues(substitute), in: folder,
            guardSeconds: Self.guardSeconds)

        #expect(
            !outcome.killed, "\(input) with \(source.rawValue) did not finish within \(Self.guardSeconds) s\n\(outcome)"
        )
        #expect(
            outcome.peakKB < Self.memoryLimitKB,
            "\(input) with \(source.rawValue): peak \(outcome.peakKB) kB\n\(outcome)")
        let (code, message): (Int32, String)
        switch source {
        case .devZero: (code, message) = (65, "\(shown) is a character device, not a file")
        case .fifoWithoutWriter:
            let (fifoCode, fifoMessage) =
                input.fifo ?? (66, ": it is a FIFO and nothing opened it for writing within 1 s")
            (code, message) = (
                fifoCode, fifoCode == 66 ? "cannot read \(shown)\(fifoMessage)" : "\(shown)\(fifoMessage)"
            )
        case .oneByteOver:
            let size = input.limit >= 1 << 30 ? "\(input.limit >> 30) GB" : "\(input.limit >> 20) MB"
            (code, message) = (65, "\(shown)\(input.overLimitMessage)\(size)")
        }
        var expected = "gqlpatch: error: \(message)"
        if input.isJournal {
            expected =
                "gqlpatch: error: the journal "
                + (source == .oneByteOver ? message : "\(shown) is not a regular file; refusing to use it")
        } else if input.overLimitMessage.hasPrefix(":"), source == .oneByteOver {
            expected = message  // a message with its place (FILE:LINE) gets no second prefix
        }
        let settled = code == 66 ? (input.found ? 78 : 66) : (input.configuration ? 78 : code)
        outcome.result.expectFailure(settled, expected)
    }

    /// With `--schema`, `--endpoint` and the auth given, the working directory's schema and config are
    /// not read at all: here they are FIFOs nobody writes to, which a read would wait on.
    @Test func filesNotNeededAreNotRead() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["schema.graphql", "amplify_outputs.json", "amplifyconfiguration.json"] {
            #expect(mkfifo(folder.appendingPathComponent(name).path, 0o600) == 0)
        }
        let outcome = try MeasuredRun.run(
            [
                "--dry-run", "--endpoint", Self.endpoint, "--schema", Self.schema, "--auth", "none", "get", "Item",
                "--id", "1",
            ], in: folder,
            guardSeconds: Self.guardSeconds)
        #expect(!outcome.killed, "\(outcome)")
        #expect(outcome.result.status == 0, "\(outcome)")
        #expect(outcome.result.stdout.contains("\"dryRun\""), "\(outcome)")
    }

    /// A FIFO with a writer (process substitution, a named FIFO written later) is still read.
    @Test func aFIFOWithAWriterIsRead() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("patch").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            usleep(300_000)
            let fd = open(fifo, O_WRONLY)
            guard fd >= 0 else { return }
            let text = Array(#"{"name": "Lamp"}"#.utf8)
            _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        writer.start()
        let outcome = try MeasuredRun.run(
            ["--dry-run", "--schema", Self.schema, "update", "Item", "--id", "1", "--patch", fifo], in: folder,
            guardSeconds: 10)
        #expect(outcome.result.status == 0, "\(outcome)")
        #expect(outcome.result.stdout.contains("\"Lamp\""), "\(outcome)")
    }

    static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-bounded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The real path: the working directory gqlpatch sees (and names in messages) has no symbolic links.
        return URL(fileURLWithPath: folder.path).resolvingSymlinksInPath()
    }
}
