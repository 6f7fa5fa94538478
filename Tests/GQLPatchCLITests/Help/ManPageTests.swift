import Foundation
import GQLPatchTestSupport
import Testing

@testable import GQLPatchBatch
@testable import GQLPatchCLI
@testable import GQLPatchClient
@testable import GQLPatchOperations
@testable import GQLPatchRecords
@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// The manual page is rendered from the --help texts: every command and every option the parser
/// accepts is in it, and groff reads it without a warning.
@Suite struct ManPageTests {
    let page = ManPage.render(version: Application.version)

    /// The words of the page's `.B` terms: `--compact | --pretty` gives both options.
    var terms: Set<Substring> {
        Set(
            page.split(separator: "\n").filter { $0.hasPrefix(".B ") }
                .flatMap { $0.dropFirst(3).split(whereSeparator: { " ,|".contains($0) }) })
    }

    @Test func hasEveryCommandAndOption() {
        #expect(page.hasPrefix(".TH GQLPATCH 1 "))
        for syntax in CommandSyntax.all {
            #expect(page.contains("\n.SS \(syntax.name)\n"), "command \(syntax.name)")
            for option in syntax.valueOptions.union(syntax.flags) {
                #expect(page.contains(Roff.escape(option)), "\(syntax.name) \(option)")
            }
        }
        for option in CommandLineParser.globalValueOptions.union(CommandLineParser.globalFlags) {
            #expect(
                terms.contains(Substring(Roff.escape(option))), "global option \(option) as a term of GLOBAL OPTIONS")
        }
        for code in ExitCode.allCases where code != .success {
            #expect(page.contains(".B \(code.rawValue)\n"), "exit code \(code.rawValue)")
        }
    }

    @Test func examplesAreLiteralAndNothingReadsAsARequest() {
        #expect(page.contains(".nf\ngqlpatch update Item \\-\\-id 42 \\-\\-set name=Lamp"))
        let requests = Set(page.split(separator: "\n").filter { $0.hasPrefix(".") }.map { $0.split(separator: " ")[0] })
        #expect(
            requests.isSubset(of: [".TH", ".SH", ".SS", ".PP", ".TP", ".B", ".RS", ".RE", ".nf", ".fi"]), "\(requests)")
    }

    /// ENVIRONMENT, FILES, EXIT STATUS and EXAMPLES (issue 34 #4), from the help's own tables:
    /// every GQLPATCH_ variable the sources read is described.
    @Test func hasTheReferenceSections() throws {
        for section in ["ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
            #expect(page.contains("\n.SH \(section)\n"), "section \(section)")
        }
        let environment = try #require(page.firstRange(of: "\n.SH ENVIRONMENT\n"))
        let files = try #require(page.firstRange(of: "\n.SH FILES\n"))
        let described = page[environment.upperBound..<files.lowerBound]
        for name in [
            "GQLPATCH_ENDPOINT", "GQLPATCH_API_KEY", "GQLPATCH_SCHEMA", "GQLPATCH_AUTH", "GQLPATCH_TOKEN",
            "GQLPATCH_USERNAME", "GQLPATCH_PASSWORD", "GQLPATCH_TOTP_SECRET", "GQLPATCH_CLIENT_SECRET",
            "GQLPATCH_USER_POOL_ID", "GQLPATCH_CLIENT_ID", "GQLPATCH_IDENTITY_POOL_ID", "GQLPATCH_COMPLETION_CACHE",
        ] {
            #expect(described.contains(Roff.escape(name)), "ENVIRONMENT describes \(name)")
        }
        #expect(ManPage.examples().count == CommandSyntax.all.count, "one example per command")
        #expect(page.contains(Roff.escape("gqlpatch apply")), "the examples are on the page")
    }

    @Test func groffRendersItWithoutWarnings() throws {
        let groff = Process()
        groff.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        groff.arguments = ["-ww", "-man", "-z"]
        let input = Pipe(), errors = Pipe()
        groff.standardInput = input
        groff.standardError = errors
        try groff.run()
        input.fileHandleForWriting.write(Data(page.utf8))
        try input.fileHandleForWriting.close()
        let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        groff.waitUntilExit()
        #expect(groff.terminationStatus == 0)
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test func escapesRoff() {
        #expect(Roff.escape("--set a\\b") == "\\-\\-set a\\eb")
        #expect(Roff.escape(".venv") == "\\&.venv")
        #expect(Roff.columns(of: "  --id VALUE      the key  (two)") == ["--id VALUE", "the key", "(two)"])
    }
}
