/// The library's entry point: parses argv, runs the command, prints, and returns the exit code.
/// The executable only gathers the process's argv, environment and streams and calls `run`.
public enum Application {
    public static let version = "0.1.0"

    /// `gqlpatch: error: MESSAGE`, or a compiler-style `FILE:LINE:COLUMN: error: MESSAGE` as it is.
    static func diagnostic(_ message: String) -> String {
        if let marker = message.firstRange(of: ": error: ") {
            let place = message[..<marker.lowerBound].split(separator: ":")
            if place.count >= 3, place.suffix(2).allSatisfy({ Int($0) != nil }) { return message }
        }
        return "gqlpatch: error: \(message)"
    }

    public static func run(arguments: [String], environment: [String: String], context: RunContext) async -> Int32 {
        // Every secret a request carries is registered as it is sent, and scrubbed from every write.
        let scrubber = SecretScrubber()
        var context = context
        context.console = context.console.scrubbed(by: scrubber)
        context.transport = SecretRecordingTransport(base: context.transport, scrubber: scrubber)
        let console = context.console
        do {
            let invocation = try ArgumentParser.parse(arguments)
            if let limit = invocation.options.maxResponseBytes { context.transport = context.transport.limitingResponses(to: limit) }
            switch invocation.command {
            case .help(let topic):
                console.writeOut(Array(HelpText.text(for: topic).utf8))
                return ExitCode.success.rawValue
            case .version:
                console.writeOut(Array("gqlpatch \(version)\n".utf8))
                return ExitCode.success.rawValue
            case .update(let options):
                let settings = try Settings.resolve(
                    invocation.options, environment: environment, context: context,
                    focus: CatalogueFocus(models: [options.model]))
                try await UpdateCommand(options: options, settings: settings, context: context).run()
                return ExitCode.success.rawValue
            case .get, .create, .delete, .list, .query, .schema:
                return try await LifecycleDispatch.run(invocation, environment: environment, context: context)
            case .apply(let options):
                let settings = try Settings.resolve(invocation.options, environment: environment, context: context)
                return try await ApplyCommand(options: options, settings: settings, context: context).run().rawValue
            }
        } catch {
            console.message(Self.diagnostic(error.message))
            if error.code == .usage { console.message("Run 'gqlpatch --help' for usage.") }
            return error.code.rawValue
        }
    }
}
