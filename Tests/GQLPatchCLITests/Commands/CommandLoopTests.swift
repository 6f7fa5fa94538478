import Foundation
import Testing

/// The data and real-time commands parse, call and word: the loops over pages, events and input lines
/// are the engines' (GQLPatchTransfer, GQLPatchWatch, GQLPatchBatch), so none of these commands' files
/// reads a page, an event or a line itself.
@Suite struct CommandLoopTests {
    static let commands = ["Export", "Import", "Copy", "Diff", "Watch", "Wait", "Apply"]
    /// What reading a page, an event or a line looks like in Swift.
    static let reads = [
        "ModelPages(", "pages.next(", "reader.next(", ".next(until:", "subscriber.next(",
        "source.next(", "preview.next(", "dryRun.next(", "survey.add(",
    ]

    @Test func noDataOrRealtimeCommandReadsAPageAnEventOrALineItself() throws {
        // Tests/GQLPatchCLITests/Commands/ -> the repository.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let commands = root.appendingPathComponent("Sources/GQLPatchCLI/Commands")
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
        #expect(checked >= 14, "the commands' files were found")
        #expect(found.isEmpty, "a command reads pages, events or lines itself:\n\(found.joined(separator: "\n"))")
    }
}
