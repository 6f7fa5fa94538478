import GQLPatchSupport

/// One command of the command line, as a type: a value of it is the command as parsed (`UpdateOptions`),
/// `syntax` says how the arguments become one (name, option table, help), and `run` runs it.
/// Adding a command is one such type and one line in `CommandSyntax.definitions`.
package protocol CommandDefinition: Sendable {
    static var syntax: CommandSyntax { get }
    /// Runs the parsed command: its exit code on success; an error carries its own.
    func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode
    /// Whether the command as parsed writes records (a protected environment asks first).
    var writes: Bool { get }
    /// Whether the command writes records that `--undo-log` can log (`copy` writes its target).
    var logsWrites: Bool { get }
    /// Whether the command may run once more when its plan names what the API's cached schema lacks
    /// (false for one that asks the user something first: the answer would be asked again).
    var replans: Bool { get }
    /// Whether the command prints records of one model, and so takes `--output csv|tsv|table`.
    var printsRows: Bool { get }
}

extension CommandDefinition {
    package var writes: Bool { false }
    package var logsWrites: Bool { writes }
    package var replans: Bool { true }
    package var printsRows: Bool { false }
}
