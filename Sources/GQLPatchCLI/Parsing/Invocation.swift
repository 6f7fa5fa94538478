/// A parsed command line: the command and the global options around it.
package struct Invocation: Sendable {
    package var command: Command
    package var options: GlobalOptions
    /// The arguments as given (for a note that repeats the command: `apply`'s `--resume` hint).
    package var arguments: [String] = []

    package init(command: Command, options: GlobalOptions) {
        self.command = command
        self.options = options
    }
}
