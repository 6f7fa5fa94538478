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

    /// The settings target reports problems by what they are and names input through the caller's
    /// wording: none of its code (comments aside) spells an option, of any command (issue 35 part 5).
    @Test func theSettingsTargetSpellsNoOption() throws {
        let folder = try Self.repositoryRoot().appendingPathComponent("Sources/GQLPatchSettings")
        guard let files = FileManager.default.enumerator(atPath: folder.path) else {
            Issue.record("no Sources/GQLPatchSettings")
            return
        }
        var read = 0
        var found: [String] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            read += 1
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(#/--[a-z]/#) {
                found.append(
                    "Sources/GQLPatchSettings/\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(read > 10)
        #expect(found.isEmpty, "an option spelled in the settings target:\n\(found.joined(separator: "\n"))")
    }

    /// The command line's options as given are read by the settings target only (issue 35 part 5): a
    /// command reads what Settings resolved (`settings.dryRun`, `settings.endpoint`). The input Settings
    /// keep is visible to their own target alone, and the command line hands its options on as
    /// `settingsInput` only where settings are resolved.
    @Test func onlySettingsReadsTheOptionsAsGiven() throws {
        let root = try Self.repositoryRoot()
        let settings = try String(
            contentsOf: root.appendingPathComponent("Sources/GQLPatchSettings/Settings.swift"), encoding: .utf8)
        let declarations = settings.split(separator: "\n").filter { $0.contains("var given: SettingsInput") }
        #expect(declarations.count == 1)
        #expect(
            declarations.allSatisfy { !$0.contains("public") && !$0.contains("package") },
            "the input as given is read outside the settings target: \(declarations)")
        let cli = root.appendingPathComponent("Sources/GQLPatchCLI")
        guard let files = FileManager.default.enumerator(atPath: cli.path) else {
            Issue.record("no Sources/GQLPatchCLI")
            return
        }
        // Where settings are resolved: a command's, the sign-in's of `auth`, completion's schema,
        // `env show`'s report of them.
        let resolving: Set<String> = [
            "Commands/CommandRun.swift", "Commands/Auth/AuthCommand.swift", "Commands/Env/EnvCommand.swift",
            "Commands/Completion/CompletionCommand.swift",
            "Parsing/GlobalOptions+Settings.swift",
        ]
        var read = 0
        var found: [String] = []
        for case let file as String in files where file.hasSuffix(".swift") && !resolving.contains(file) {
            let text = try String(contentsOf: cli.appendingPathComponent(file), encoding: .utf8)
            read += 1
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("settingsInput") || line.contains("settings.given") {
                found.append("Sources/GQLPatchCLI/\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(read > 50)
        #expect(found.isEmpty, "options handed to settings outside their resolving:\n\(found.joined(separator: "\n"))")
    }
}
