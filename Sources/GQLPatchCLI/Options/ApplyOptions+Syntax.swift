import GQLPatchBatch
import GQLPatchSupport

extension ApplyOptions: CommandDefinition {
    /// `apply [PATH | -] [-j N] [--rate N | auto] [--atomic] [--journal PATH] [--resume] [--max-attempts N] [--continue-on-error]`
    package static let syntax = CommandSyntax(
        name: "apply",
        summary: "apply [PATH | -]                   create, update and delete many records from JSON Lines",
        help: ApplyOptions.help, options: optionTable
    ) { (options, positionals) throws(GQLPatchError) -> any CommandDefinition in
        var apply = ApplyOptions()
        if positionals.count > 1 {
            throw .usage("apply reads one input: unexpected argument '\(positionals[1])'")
        }
        if let path = positionals.first { apply.path = path }
        for option in options {
            let value = option.value ?? ""
            switch option.name {
            case "-j", "--concurrency":
                apply.concurrency = try CommandLineParser.wholeNumber(
                    value, option: option.name, in: NumericLimits.concurrency)
            case "--rate" where value == "auto":
                apply.adaptiveRate = true
                apply.rate = nil
            case "--rate" where Double(value) == nil:
                throw .usage(
                    "--rate expects a number of requests a second from \(NumericLimits.shown(NumericLimits.rate.lowerBound)) to \(NumericLimits.shown(NumericLimits.rate.upperBound)), or auto, got '\(value)'"
                )
            case "--rate":
                apply.adaptiveRate = false
                apply.rate = try CommandLineParser.number(
                    value, option: option.name, of: "requests a second", in: NumericLimits.rate)
            case "--journal":
                guard !value.isEmpty, value != "-" else {
                    throw .usage("--journal expects a file path, got '\(value)'")
                }
                apply.journal = value
            case "--max-attempts":
                apply.maxAttempts = try CommandLineParser.wholeNumber(
                    value, option: option.name, in: NumericLimits.maxAttempts)
            case "--shard":
                guard let shard = ApplyShard(value) else {
                    throw .usage(
                        "--shard expects I/N with 1 <= I <= N <= \(ApplyShard.maximumCount) (for example 2/4), got '\(value)'"
                    )
                }
                apply.shard = shard
            case "--atomic": apply.atomic = true
            case "--resume": apply.resume = true
            case "--continue-on-error": apply.continueOnError = true
            case "--preview": apply.preview = true
            default: break
            }
        }
        if apply.resume, apply.journal == nil {
            throw .usage("--resume needs --journal PATH (the journal of the run to resume)")
        }
        if apply.atomic, apply.shard != nil {
            throw .usage(
                "--atomic and --shard do not go together: each shard's job would undo only its own lines, not the whole input"
            )
        }
        if apply.atomic, apply.continueOnError {
            throw .usage(
                "--atomic and --continue-on-error contradict each other (--atomic undoes everything at the first failure)"
            )
        }
        return apply
    }

    package func run(_ run: CommandRun) async throws(GQLPatchError) -> ExitCode {
        var command = ApplyCommand(options: self, settings: try run.settings(), context: run.context)
        command.resumeCommand = ResumeCommand.text(for: run.arguments)
        return try await command.run()
    }
}
