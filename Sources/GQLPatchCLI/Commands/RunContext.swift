import GQLPatchClient
import GQLPatchSupport
import HTTP

/// What a run may touch outside itself: the streams, the file system and the network.
/// The executable passes the real ones; tests pass fakes.
public struct RunContext: Sendable {
    public var console: Console
    /// Every file the run reads: value files, schemas, configs, the AWS shared files.
    public var files: FileSystem
    public var transport: any HTTPTransport
    /// The working directory, for `./schema.graphql` and config discovery.
    public var workingDirectory: String
    /// The secrets requests carried so far (set by `Application.run`), for files gqlpatch writes.
    public var secrets: SecretScrubber?
    /// What the run sent as credentials (set by `Application.run`), for a refusal's message.
    public var credentialNote: CredentialNote?
    /// SRP, `SECRET_HASH` and TOTP for user-pool sign-in.
    public var signInArithmetic: SignInArithmetic = .builtIn

    public init(console: Console, files: FileSystem, transport: any HTTPTransport, workingDirectory: String) {
        self.console = console
        self.files = files
        self.transport = transport
        self.workingDirectory = workingDirectory
    }

    /// Reads a value file the user named (`InputLimit.valueFile`); `-` is standard input. For the
    /// builders that take a reader.
    public var readFile: @Sendable (String) throws(GQLPatchError) -> [UInt8] { files.valueFileReader }
}
