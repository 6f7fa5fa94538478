import GQLPatchClient
import GQLPatchSupport

/// What a run may touch outside itself: the streams, the file system and the network.
/// The executable passes the real ones; tests pass fakes.
public struct RunContext: Sendable {
    public var console: Console
    /// Reads a value file named on the command line (`InputLimit.valueFile`); `-` is standard input
    /// (read at most once).
    public var readFile: @Sendable (String) throws(GQLPatchError) -> [UInt8]
    /// Reads a schema or config file (`InputLimit.schemaFile`).
    public var readSchemaFile: @Sendable (String) throws(GQLPatchError) -> [UInt8]
    /// Whether a file exists (config discovery).
    public var fileExists: @Sendable (String) -> Bool
    public var transport: any HTTPTransport
    /// The working directory, for `./schema.graphql` and config discovery.
    public var workingDirectory: String
    /// The secrets requests carried so far (set by `Application.run`), for files gqlpatch writes.
    public var secrets: SecretScrubber?

    public init(
        console: Console, readFile: @escaping @Sendable (String) throws(GQLPatchError) -> [UInt8],
        fileExists: @escaping @Sendable (String) -> Bool, transport: any HTTPTransport, workingDirectory: String,
        readSchemaFile: (@Sendable (String) throws(GQLPatchError) -> [UInt8])? = nil
    ) {
        self.console = console
        self.readFile = readFile
        self.readSchemaFile = readSchemaFile ?? readFile
        self.fileExists = fileExists
        self.transport = transport
        self.workingDirectory = workingDirectory
    }
}
