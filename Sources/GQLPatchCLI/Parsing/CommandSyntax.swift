import GQLPatchSupport

/// The command-line syntax of one command: its options, and how to turn what was given into the
/// command's value. `CommandLineParser` handles the global options and hands the rest to the command's syntax.
public struct CommandSyntax: Sendable {
    package typealias Builder =
        @Sendable (_ options: [ParsedOption], _ positionals: [String]) throws(GQLPatchError) -> any CommandDefinition

    public var name: String
    /// One line for the overview in `gqlpatch --help`.
    public var summary: String
    /// The full `gqlpatch <command> --help` text; its option list is `options.helpList`. Built when
    /// asked for: every run finds its command in `all`, and formatting every command's help up front
    /// cost a sixth of a one-record update's instructions.
    public var help: String { helpText() }
    private var helpText: @Sendable () -> String
    /// The command's own options, in the order its `--help` lists them.
    package var options: [OptionSpec]
    package var build: Builder

    package init(
        name: String, summary: String, help: @autoclosure @escaping @Sendable () -> String, options: [OptionSpec],
        build: @escaping Builder
    ) {
        self.name = name
        self.summary = summary
        self.helpText = help
        self.options = options
        self.build = build
    }

    /// Options that take a value.
    package var valueOptions: Set<String> { options.valueNames }
    /// Options that take no value.
    package var flags: Set<String> { options.flagNames }

    /// Every command, in the order `--help` lists them. Add a command here.
    package static let definitions: [any CommandDefinition.Type] = [
        UpdateOptions.self,
        UpsertOptions.self,
        EditOptions.self,
        GetOptions.self,
        CreateOptions.self,
        DeleteOptions.self,
        TouchOptions.self,
        ListOptions.self,
        QueryOptions.self,
        CallOptions.self,
        SchemaOptions.self,
        ApplyOptions.self,
        InsertOptions.self,
        RenumberOptions.self,
        DupsOptions.self,
        ExportOptions.self,
        ImportOptions.self,
        DiffOptions.self,
        CopyOptions.self,
        UndoOptions.self,
        WatchOptions.self,
        WaitOptions.self,
        AuthOptions.self,
        EnvOptions.self,
        CompletionOptions.self,
    ]

    public static let all: [CommandSyntax] = definitions.map { $0.syntax }

    public static func named(_ name: String) -> CommandSyntax? {
        all.first { $0.name == name }
    }
}
