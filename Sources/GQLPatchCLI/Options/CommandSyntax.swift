import GQLPatchSupport

/// The command-line syntax of one command: its options, and how to turn what was given into a
/// `Command`. `ArgumentParser` handles the global options and hands the rest to the command's syntax.
public struct CommandSyntax: Sendable {
    public typealias Builder = @Sendable (_ options: [ParsedOption], _ positionals: [String]) throws(GQLPatchError) -> Command

    public var name: String
    /// One line for the overview in `gqlpatch --help`.
    public var summary: String
    /// The full `gqlpatch <command> --help` text.
    public var help: String
    /// Options that take a value.
    public var valueOptions: Set<String>
    /// Options that take no value.
    public var flags: Set<String>
    public var build: Builder

    public init(name: String, summary: String, help: String, valueOptions: Set<String>, flags: Set<String> = [], build: @escaping Builder) {
        self.name = name
        self.summary = summary
        self.help = help
        self.valueOptions = valueOptions
        self.flags = flags
        self.build = build
    }

    /// Every command, in the order `--help` lists them. Add a command here.
    public static let all: [CommandSyntax] = [
        UpdateOptions.syntax,
        GetOptions.syntax,
        CreateOptions.syntax,
        DeleteOptions.syntax,
        ListOptions.syntax,
        QueryOptions.syntax,
        SchemaOptions.syntax,
        ApplyOptions.syntax,
        CompletionOptions.syntax,
    ]

    public static func named(_ name: String) -> CommandSyntax? {
        all.first { $0.name == name }
    }
}
