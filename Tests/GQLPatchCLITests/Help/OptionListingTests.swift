import GQLPatchTestSupport
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// Every option the parser accepts is listed in `--help` (the command's and the overview) and in the
/// man page, and every option listed there is accepted: a test reads the printed texts back, so an
/// option added to the parser but not to its help (or the other way round) fails here.
@Suite struct OptionListingTests {
    /// The options a help text lists: the words starting with `-` in the term column of its option
    /// lines (indent 2, `--compact | --pretty` and `-j N, --concurrency N` give both names).
    static func listedOptions(in help: String) -> Set<String> {
        var names: Set<String> = []
        for line in help.split(separator: "\n") where line.hasPrefix("  -") && !line.hasPrefix("   ") {
            guard let term = Roff.columns(of: line).first else { continue }
            for word in term.split(whereSeparator: { " ,|".contains($0) }) where word.hasPrefix("-") && word != "-" {
                names.insert(String(word))
            }
        }
        return names
    }

    /// The option names of a man page section: the words of its `.B` terms.
    static func manTerms(in section: Substring) -> Set<String> {
        Set(
            section.split(separator: "\n").filter { $0.hasPrefix(".B ") }
                .flatMap { $0.dropFirst(3).split(whereSeparator: { " ,|".contains($0) }) }
                .filter { $0.hasPrefix("\\-") && $0 != "\\-" }.map { $0.replacingOccurrences(of: "\\-", with: "-") })
    }

    /// The man page's text between `.SS name` (or `.SH GLOBAL OPTIONS`) and the next section.
    static func manSection(_ heading: String) -> Substring {
        let page = ManPage.render(version: Application.version)
        guard let start = page.firstRange(of: "\n\(heading)\n") else { return "" }
        let rest = page[start.upperBound...]
        let end = rest.firstRange(of: "\n.S")?.lowerBound ?? rest.endIndex
        return rest[..<end]
    }

    static var globalAccepted: Set<String> { CommandLineParser.globalValueOptions.union(CommandLineParser.globalFlags) }

    @Test func helpGlobalsListsEveryGlobalOptionAndNoOther() {
        let listed = Self.listedOptions(in: HelpText.text(for: HelpText.globalsTopic))
        #expect(
            Self.globalAccepted.subtracting(listed).isEmpty,
            "accepted, not in gqlpatch help globals: \(Self.globalAccepted.subtracting(listed).sorted())")
        #expect(
            listed.subtracting(Self.globalAccepted).isEmpty,
            "in gqlpatch help globals, not accepted: \(listed.subtracting(Self.globalAccepted).sorted())")
        let man = Self.manTerms(in: Self.manSection(".SH GLOBAL OPTIONS"))
        #expect(
            Self.globalAccepted.subtracting(man).isEmpty,
            "accepted, not in the man page: \(Self.globalAccepted.subtracting(man).sorted())")
        #expect(
            man.subtracting(Self.globalAccepted).isEmpty,
            "in the man page, not accepted: \(man.subtracting(Self.globalAccepted).sorted())")
    }

    /// A command's help lists its own options, points to `help globals` for the shared ones, and
    /// fits a screen: 45 lines at most (issue 34 #4).
    @Test(arguments: CommandSyntax.all.map(\.name))
    func eachCommandsHelpListsEveryOptionItAccepts(_ name: String) throws {
        let syntax = try #require(CommandSyntax.named(name))
        let own = syntax.valueOptions.union(syntax.flags)
        let accepted = own.union(Self.globalAccepted)
        let help = HelpText.text(for: name)
        let listed = Self.listedOptions(in: help)
        #expect(
            own.subtracting(listed).isEmpty, "accepted, not in \(name) --help: \(own.subtracting(listed).sorted())")
        #expect(help.hasSuffix(HelpText.globalsPointer + "\n"), "\(name) --help points to gqlpatch help globals")
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= 45, "\(name) --help is \(lines) lines")
        #expect(
            listed.subtracting(accepted).isEmpty,
            "in \(name) --help, not accepted: \(listed.subtracting(accepted).sorted())")
        let man = Self.manTerms(in: Self.manSection(".SS \(name)"))
        #expect(
            own.subtracting(man).isEmpty, "accepted, not in the man page's \(name): \(own.subtracting(man).sorted())")
        #expect(
            man.subtracting(accepted).isEmpty,
            "in the man page's \(name), not accepted: \(man.subtracting(accepted).sorted())")
    }

    /// What the help lists, the parser takes: given alone, no listed option is an unknown option.
    @Test(arguments: CommandSyntax.all.map(\.name))
    func everyListedOptionParses(_ name: String) {
        for option in Self.listedOptions(in: HelpText.text(for: name)) {
            do {
                _ = try CommandLineParser.parse([name, option, "x"])
            } catch {
                #expect(!error.message.hasPrefix("unknown option"), "\(name) \(option): \(error.message)")
                #expect(!error.message.contains("is an option of a command"), "\(name) \(option): \(error.message)")
            }
        }
    }
}
