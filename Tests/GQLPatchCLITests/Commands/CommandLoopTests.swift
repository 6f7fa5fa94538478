import Foundation
import Testing

/// The data and real-time commands parse, call and word: the loops over pages, events and input lines
/// are the engines' (GQLPatchTransfer, GQLPatchWatch, GQLPatchBatch), so none of these commands' files
/// reads a page, an event or a line itself; and no command builds a record request, for its run or
/// its dry run: the record rules and the readers below build them, and a dry run asks them.
@Suite struct CommandLoopTests {
    static let commands = [
        "Export", "Import", "Copy", "Diff", "Watch", "Wait", "Apply", "List", "Query", "Dups", "Selection", "Touch",
    ]
    /// What reading a page, an event or a line looks like in Swift.
    static let reads = [
        "ModelPages(", "pages.next(", "reader.next(", ".next(until:", "subscriber.next(",
        "source.next(", "preview.next(", "dryRun.next(", "survey.add(", "tokens.follow(", "pages.follow(",
    ]

    /// The repository (this file is in Tests/GQLPatchCLITests/Commands/).
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test func noCommandBuildsARecordRequestItself() throws {
        let folder = Self.root.appendingPathComponent("Sources/GQLPatchCLI")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            if text.contains("DocumentBuilder") { found.append(file) }
        }
        #expect(files.count > 100, "the CLI's files were found")
        #expect(found.isEmpty, "a command builds its own requests: \(found)")
    }

    @Test func noDataOrRealtimeCommandReadsAPageAnEventOrALineItself() throws {
        let commands = Self.root.appendingPathComponent("Sources/GQLPatchCLI/Commands")
        var checked = 0
        var found: [String] = []
        for command in Self.commands {
            let folder = commands.appendingPathComponent(command)
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift")
            {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                checked += 1
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//") else { continue }
                    for read in Self.reads where code.contains(read) {
                        found.append("\(command)/\(file):\(number + 1): \(code)")
                    }
                }
            }
        }
        #expect(checked >= 20, "the commands' files were found")
        #expect(found.isEmpty, "a command reads pages, events or lines itself:\n\(found.joined(separator: "\n"))")
    }
}
