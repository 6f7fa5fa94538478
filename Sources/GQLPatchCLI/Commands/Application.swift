import GQLPatchClient
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport

/// The library's entry point: parses argv, runs the command, prints, and returns the exit code.
/// The executable only gathers the process's argv, environment and streams and calls `run`.
public enum Application {
    public static let version = "0.1.0"

    /// `gqlpatch: error: MESSAGE`, or a message that already starts with its place (`FILE:LINE:COLUMN:
    /// error: ...`, `FILE:LINE: error: ...`, `<stdin>: error: ...`, as compilers print them) as it is.
    package static func diagnostic(_ message: String) -> String {
        if let marker = message.firstRange(of: ": error: ") {
            let place = message[..<marker.lowerBound]
            // A place is one file name, maybe with a line and column: never a sentence (which has ": "
            // or, without a line number, spaces), so an error quoted inside a message is not taken for one.
            let parts = place.split(separator: ":", omittingEmptySubsequences: false)
            let numbered =
                parts.count >= 2
                && parts.dropFirst().allSatisfy { !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }
            let bare = !place.contains(where: \.isWhitespace)
            if !place.isEmpty, !place.contains(": "), !place.contains("\n"), numbered || bare { return message }
        }
        return "gqlpatch: error: \(message)"
    }

    /// The process's entry: argv as the kernel gives it (bytes) and the environment, checked for UTF-8
    /// (an argument that is not is exit 64, a variable gqlpatch reads 78, after parsing), then `run`.
    public static func run(rawArguments: [[UInt8]], environment: ProcessEnvironment, context: RunContext) async -> Int32
    {
        // The shells' completion scripts call this hidden fast path on every Tab: nothing to decode strictly.
        if rawArguments.first == Array(CompletionCommand.name.utf8) {
            return CompletionCommand.run(
                rawArguments.dropFirst().map { String(decoding: $0, as: UTF8.self) }, environment: environment.values,
                context: context)
        }
        let arguments: [String]
        do {
            arguments = try ProcessArguments.decode(rawArguments)
        } catch {
            return finish(failing: error, command: nil, console: context.console)
        }
        return await run(
            arguments: arguments, environment: environment.values, context: context, environmentCheck: environment)
    }

    public static func run(arguments: [String], environment: [String: String], context: RunContext) async -> Int32 {
        if arguments.first == CompletionCommand.name {
            return CompletionCommand.run(Array(arguments.dropFirst()), environment: environment, context: context)
        }
        return await run(arguments: arguments, environment: environment, context: context, environmentCheck: nil)
    }

    private static func run(
        arguments: [String], environment: [String: String], context: RunContext, environmentCheck: ProcessEnvironment?
    ) async -> Int32 {
        // Every secret a request carries is registered as it is sent, and scrubbed from every write.
        let scrubber = SecretScrubber()
        var context = context
        context.console = context.console.scrubbed(by: scrubber)
        context.recordSecrets(with: scrubber)
        let credentialNote = CredentialNote()
        context.credentialNote = credentialNote
        let environmentNote = LockedValue<String?>(nil)
        context.environmentNote = environmentNote
        let console = context.console
        var invocation: Invocation
        do {
            // `gqlpatch` alone is `gqlpatch --help`: the command list.
            invocation = try CommandLineParser.parse(arguments.isEmpty ? [OptionName.help] : arguments)
            invocation.arguments = arguments
        } catch {
            return finish(failing: error, command: CommandLineParser.commandName(in: arguments), console: console)
        }
        let command = invocation.command.name
        let code: Int32
        do {
            code = try await run(
                invocation, environment: environment, context: context, environmentCheck: environmentCheck)
        } catch {
            var error = error
            // Said with every error: which environment the run was against.
            if let name = environmentNote.current { error.message += " (environment \(name))" }
            return finish(failing: error, command: command, console: console, credentials: credentialNote.current)
        }
        do {
            try console.finishOutput()
        } catch {
            return finish(failing: error, command: command, console: console)
        }
        if let missing = credentialNote.missing {
            console.message(
                "gqlpatch: note: dry run: the real run would stop before sending (exit \(ExitCode.configuration.rawValue)): \(missing)"
            )
        }
        return code
    }

    private static func run(
        _ invocation: Invocation, environment: [String: String], context: RunContext,
        environmentCheck: ProcessEnvironment?
    ) async throws(GQLPatchError) -> Int32 {
        let console = context.console
        var context = context
        if let limit = invocation.options.maxResponseBytes {
            try context.configureTransport { $0.maximumResponseBytes = limit }
        }
        switch invocation.command {
        case .help(let topic):
            try console.write(Array(HelpText.text(for: topic).utf8))
            return ExitCode.success.rawValue
        case .version:
            try console.write(Array("gqlpatch \(version)\n".utf8))
            return ExitCode.success.rawValue
        case .run(let command):
            if invocation.options.output.isTabular, !command.printsRows {
                throw .usage(
                    "\(OptionName.output) \(invocation.options.output.rawValue) prints records as rows, which get, list, export (one model), query --paginate and diff do; \(invocation.command.name ?? "this command") prints JSON (\(OptionName.output) record or envelope)"
                )
            }
            // Help and version read no environment; a command checks it before it reads it.
            var run = CommandRun(
                options: invocation.options, environment: environment, context: context,
                environmentCheck: environmentCheck)
            run.arguments = invocation.arguments
            run.writes = command.writes
            run.context.undoLog = try undoLog(invocation, command: command, environment: environment)
            let apiNote = LockedValue<Bool?>(nil)
            run.context.apiNote = apiNote
            do {
                return try await command.run(run).rawValue
            } catch  where error.kind == .unknownName && apiNote.current == true && command.replans {
                // Planned from the API's cached schema, which may be older than the API: asked for
                // again, and planned once more (nothing was sent: a name the schema lacks stops the
                // plan before any request).
                console.message(
                    "gqlpatch: note: \(error.message); the API's schema was read from the cache: asking for it again")
                run.refreshAPI = true
                return try await command.run(run).rawValue
            }
        }
    }

    /// The undo log the command appends to: `--undo-log`, else `GQLPATCH_UNDO_LOG` (for a command
    /// that writes records; the flag on another is refused, the variable passed over).
    private static func undoLog(
        _ invocation: Invocation, command: any CommandDefinition, environment: [String: String]
    ) throws(GQLPatchError) -> UndoLogOpening? {
        let name = invocation.command.name ?? "this command"
        if invocation.options.undoLog != nil, !command.logsWrites {
            throw .usage(
                "\(OptionName.undoLog) logs the records a command writes, and \(name) writes none as given; leave it out"
            )
        }
        guard command.logsWrites,
            let path = invocation.options.undoLog ?? environment["GQLPATCH_UNDO_LOG"].flatMap({ $0.isEmpty ? nil : $0 })
        else { return nil }
        guard !path.isEmpty else { throw .usage("\(OptionName.undoLog) expects a file, got ''") }
        return UndoLogOpening(path: path, command: name)
    }

    /// Prints the error (once: a failed write to stdout that was already reported is not repeated)
    /// and, for a usage error, where help is: `gqlpatch <command> --help` inside a command.
    private static func finish(
        failing error: GQLPatchError, command: String?, console: Console, credentials: String? = nil
    ) -> Int32 {
        // A reader that closed stdout on purpose (`| head -1`) ends the run quietly, as curl and jq
        // end; apply, which stops sending lines then, says so in its summary and exits 74.
        if error.code == .ioError, console.readerClosed, command != ApplyOptions.syntax.name {
            return ExitCode.readerClosed.rawValue
        }
        // A refusal names the credential refused (the mode and where it came from, never itself).
        let sent = error.code == .unauthorized ? credentials.map { " (sent: \($0))" } ?? "" : ""
        console.message(diagnostic(error.message + sent))
        if error.code == .usage {
            console.message("Run 'gqlpatch \(command.map { $0 + " " } ?? "")--help' for usage.")
        }
        // The run failed already; stdout is still closed, and a failed write to it still reported.
        if error.code != .ioError, let reason = console.outputFailure ?? closing(console) {
            console.message("gqlpatch: error: cannot write to standard output: \(reason)")
        }
        return error.code.rawValue
    }

    private static func closing(_ console: Console) -> String? {
        do {
            try console.finishOutput()
            return nil
        } catch {
            return console.outputFailure
        }
    }
}
