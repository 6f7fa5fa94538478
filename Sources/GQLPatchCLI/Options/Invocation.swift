/// A parsed command line: the command and the global options around it.
public struct Invocation: Sendable {
    public var command: Command
    public var options: GlobalOptions

    public init(command: Command, options: GlobalOptions) {
        self.command = command
        self.options = options
    }
}
