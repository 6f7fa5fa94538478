/// `gqlpatch.1`: the manual page, rendered in roff from the `--help` texts themselves (the overview,
/// each command's help, the global options and the exit codes), so the two cannot drift.
///
/// The help texts follow a few layout rules that this reads back: a line at indent 0 ending in ':'
/// heads a list; a list line at indent 2 is a term, then two or more spaces, then its description
/// (continued on lines indented further); under "Examples:" each line is a command; anything else
/// is running text.
public enum ManPage {
    public static func render(version: String) -> String {
        var page = Roff()
        page.line(".TH GQLPATCH 1 \"\" \"gqlpatch \(version)\" \"User Commands\"")
        page.line(".SH NAME")
        page.line("gqlpatch \\- partial updates to AWS AppSync (Amplify) GraphQL records")
        page.line(".SH SYNOPSIS")
        page.line(".B gqlpatch")
        page.text("[global options] <command> [options]")
        page.line(".SH DESCRIPTION")
        page.text(
            "Changes records in an AWS AppSync (Amplify) GraphQL API one field at a time: the mutation carries "
                + "only the key and the fields named, typed by the schema, so fields nobody named are left alone "
                + "on the server. Versioned models get their _version fetched first, and conflicts are retried. "
                + "Results are printed as JSON on standard output; everything else goes to standard error.")
        page.line(".SH COMMANDS")
        for syntax in CommandSyntax.all {
            page.line(".SS \(Roff.escape(syntax.name))")
            page.block(commandPart(of: syntax.help))
        }
        page.line(".SH GLOBAL OPTIONS")
        page.block(String(HelpText.globalOptions.drop { $0 != "\n" }.dropFirst()), headed: false)
        page.line(".SH ENVIRONMENT")
        page.block(listBody(HelpText.environment), headed: false)
        page.line(".SH FILES")
        page.block(listBody(HelpText.files), headed: false)
        page.line(".SH EXIT STATUS")
        for (code, meaning) in exitCodes() {
            page.line(".TP")
            page.line(".B \(code)")
            page.text(meaning)
        }
        page.line(".SH EXAMPLES")
        page.line(".nf")
        for example in examples() { page.text(example) }
        page.line(".fi")
        page.line(".SH SEE ALSO")
        page.text("gqlpatch <command> --help, gqlpatch help globals; the README of the gqlpatch project.")
        return page.output
    }

    /// A headed list's lines without its heading.
    static func listBody(_ list: String) -> String { String(list.drop { $0 != "\n" }.dropFirst()) }

    /// The first example of each command's help, in the commands' order.
    package static func examples() -> [String] {
        CommandSyntax.all.compactMap { syntax in
            guard
                let heading = syntax.help.firstRange(of: "\nExamples:\n") ?? syntax.help.firstRange(of: "\nExample:\n")
            else { return nil }
            let first = syntax.help[heading.upperBound...].prefix { $0 != "\n" }
            return first.trimmingPrefix(while: { $0 == " " }).description
        }
    }

    /// A command's help without the pointer to the global options every command's help ends with
    /// (the page has them in a section of their own).
    package static func commandPart(of help: String) -> String {
        var text = help
        if let range = text.firstRange(of: HelpText.globalsPointer) { text.removeSubrange(range) }
        return text
    }

    /// The exit-code list of the help text, read from its two columns (`N  meaning` pairs).
    package static func exitCodes() -> [(String, String)] {
        var pairs: [(Int, String)] = []
        for line in HelpText.exitCodes.split(separator: "\n").dropFirst() {
            let columns = Roff.columns(of: Substring(line))
            for (index, column) in columns.enumerated() where index + 1 < columns.count {
                if let code = Int(column), Int(columns[index + 1]) == nil {
                    pairs.append((code, String(columns[index + 1])))
                }
            }
        }
        return pairs.sorted { $0.0 < $1.0 }.map { (String($0.0), $0.1) }
    }
}
