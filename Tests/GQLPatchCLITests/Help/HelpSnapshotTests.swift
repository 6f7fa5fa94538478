import Foundation
import GQLPatchTestSupport
import Testing

@testable import GQLPatchCLI

/// Every help page as the user sees it, kept in `Tests/Fixtures/help/` (issue 34 #4): a change to
/// any of them shows in review as a change to its file. `GQLPATCH_RECORD_HELP=1` rewrites the
/// files (and fails the run, so a recording never passes for a check).
@Suite struct HelpSnapshotTests {
    static let folder = Fixture.root.appendingPathComponent("Tests/Fixtures/help")

    /// The topics: every command, the auth actions, the overview and the globals.
    static let topics: [String] =
        ["overview", HelpText.globalsTopic] + CommandSyntax.all.map(\.name) + [
            "auth login", "auth status", "auth logout",
        ]

    @Test(arguments: topics) func theHelpIsItsSnapshot(topic: String) throws {
        let text = HelpText.text(for: topic == "overview" ? nil : topic)
        let file = Self.folder.appendingPathComponent(topic.replacing(" ", with: "-") + ".txt")
        if ProcessInfo.processInfo.environment["GQLPATCH_RECORD_HELP"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            Issue.record(
                "recorded \(file.lastPathComponent); review the change and run again without GQLPATCH_RECORD_HELP")
            return
        }
        let kept = try String(contentsOf: file, encoding: .utf8)
        #expect(text == kept, "the help of \(topic) differs from \(file.path); GQLPATCH_RECORD_HELP=1 rewrites it")
    }

    /// The overview's commands are two aligned columns: each description starts in one column.
    @Test func theOverviewsColumnsAlign() {
        let rows = HelpText.commandList.split(separator: "\n")
        #expect(rows.count == CommandSyntax.all.count)
        let starts = Set(
            rows.map { row -> Int in
                guard let gap = row.dropFirst(2).firstRange(of: "  "),
                    let text = row[gap.lowerBound...].firstIndex(where: { $0 != " " })
                else { return -1 }
                return row.distance(from: row.startIndex, to: text)
            })
        #expect(starts.count == 1, "descriptions start at columns \(starts.sorted())")
    }

    /// `auth login --help` and `help auth status` show the action's own page.
    @Test(arguments: ["login", "status", "logout"]) func eachAuthActionHasItsPage(action: String) throws {
        for arguments in [["auth", action, "--help"], ["help", "auth", action]] {
            let invocation = try CommandLineParser.parse(arguments)
            guard case .help(let topic) = invocation.command else {
                Issue.record("\(arguments) is not help")
                continue
            }
            #expect(HelpText.text(for: topic).hasPrefix("Usage: gqlpatch [global options] auth \(action)"))
        }
    }
}
