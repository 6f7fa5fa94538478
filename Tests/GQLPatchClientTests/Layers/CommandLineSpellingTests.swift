import Foundation
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

/// The targets below `GQLPatchCLI` never speak command-line: their messages name input through the
/// caller's `InputWording` and their comments say what a value is, not which option gives it. This
/// reads every source file outside the command line's own targets and fails on a line that spells
/// one of the record options, so the rule holds itself.
@Suite struct CommandLineSpellingTests {
    /// The targets that may spell options: the command line, the executable and the manual's generator.
    static let commandLineTargets: Set<String> = ["GQLPatchCLI", "gqlpatch", "gqlpatch-manual"]

    /// The record and run options whose spelling the lower targets once carried.
    static var spelling: Regex<(Substring, Substring)> {
        #/--(set|key|if|select|where|patch|expect-version|unset|filter|limit|sort|page-size|conflict-resolution|id\b)/#
    }

    /// The repository root: the nearest folder above this file that holds `Package.swift`.
    static func repositoryRoot() throws -> URL {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Package.swift above \(#filePath)"])
    }

    @Test func noCommandLineSpellingBelowTheCommandLine() throws {
        let sources = try Self.repositoryRoot().appendingPathComponent("Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { !Self.commandLineTargets.contains($0) && !$0.hasPrefix(".") }
        // The lower targets are there (a moved folder would make this pass with nothing read).
        #expect(targets.contains("GQLPatchOperations") && targets.contains("GQLPatchBatch"))
        var read = 0
        var found: [String] = []
        for target in targets.sorted() {
            let folder = sources.appendingPathComponent(target)
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                read += 1
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                // The regex only where a line holds `--` (Swift's regex is slow over every line).
                where line.contains("--") && line.contains(Self.spelling) {
                    found.append("Sources/\(target)/\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(read > 100)
        #expect(found.isEmpty, "command-line spelling below GQLPatchCLI:\n\(found.joined(separator: "\n"))")
    }

    /// The command line's options as given are read by Settings only: a command reads what Settings
    /// resolved (`settings.dryRun`, `settings.endpoint`), never `settings.options` (issue 35 part 5).
    @Test func onlySettingsReadsTheOptionsAsGiven() throws {
        let cli = try Self.repositoryRoot().appendingPathComponent("Sources/GQLPatchCLI")
        guard let files = FileManager.default.enumerator(atPath: cli.path) else {
            Issue.record("no Sources/GQLPatchCLI")
            return
        }
        var read = 0
        var found: [String] = []
        for case let file as String in files where file.hasSuffix(".swift") && !file.hasPrefix("Settings/") {
            let text = try String(contentsOf: cli.appendingPathComponent(file), encoding: .utf8)
            read += 1
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("settings.options") {
                found.append("Sources/GQLPatchCLI/\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(read > 50)
        #expect(found.isEmpty, "options read outside Settings:\n\(found.joined(separator: "\n"))")
    }
}
