import GQLPatchClient
import GQLPatchSettings
import GQLPatchSupport
import HTTP

/// What a run may touch outside itself: the streams, the file system and the network.
/// The executable passes the real ones; tests pass fakes.
public struct RunContext: Sendable {
    public var console: Console
    /// Every file the run reads: value files, schemas, configs, the AWS shared files.
    public var files: FileSystem
    /// The run's transport for a command's requests (and its credential and sign-in lookups),
    /// made by `transports` for `transportConfiguration`.
    public var transport: any HTTPTransport
    /// Makes the run's transports: the command's, and a batch's (`transport(for:)`).
    public var transports: TransportMaker
    /// What the run's transports are made for (`--max-response-mb`).
    public var transportConfiguration = TransportConfiguration()
    /// The working directory, for `./schema.graphql` and config discovery.
    public var workingDirectory: String
    /// The secrets requests carried so far (set by `Application.run`), for files gqlpatch writes.
    public var secrets: SecretScrubber?
    /// What the run sent as credentials (set by `Application.run`), for a refusal's message.
    public var credentialNote: CredentialNote?
    /// The named environment the run's settings chose (set by `CommandRun.settings`), for errors.
    package var environmentNote: LockedValue<String?>?
    /// Whether the run's API, named by its id, was described from the cache (set by
    /// `CommandRun.settings`; nil: no API id): a name its schema lacks asks the control plane again.
    package var apiNote: LockedValue<Bool?>?
    /// The undo log a writing command appends to (set by `Application.run`; nil: none asked for).
    package var undoLog: UndoLogOpening?
    /// SRP, `SECRET_HASH` and TOTP for user-pool sign-in.
    public var signInArithmetic: SignInArithmetic = .builtIn
    /// Asks a person a question on the terminal (stderr) and reads the answer line; nil when
    /// standard input is not a terminal (nobody to ask).
    public var ask: (@Sendable (String) -> String?)?

    /// A run whose every request goes over `transport` (a test's fake), whatever it is made for.
    public init(console: Console, files: FileSystem, transport: any HTTPTransport, workingDirectory: String) {
        self.console = console
        self.files = files
        self.transport = transport
        transports = .fixed(transport)
        self.workingDirectory = workingDirectory
    }

    /// A run whose transports `transports` makes (the executable's). Making a command's transport
    /// never fails (a request reports what stops it).
    public init(console: Console, files: FileSystem, transports: TransportMaker, workingDirectory: String) {
        self.console = console
        self.files = files
        self.transports = transports
        do {
            transport = try transports.make(TransportConfiguration()).transport
        } catch {
            transport = FailedTransport(error)
        }
        self.workingDirectory = workingDirectory
    }

    /// Makes the command transport again for a changed configuration.
    public mutating func configureTransport(_ change: (inout TransportConfiguration) -> Void) throws(GQLPatchError) {
        change(&transportConfiguration)
        transport = recorded(try transports.make(transportConfiguration).transport)
    }

    /// A batch's transport for `endpoint` (many requests in flight), with its thread's executor;
    /// throws what stops every request (a library that cannot be loaded) before anything is sent.
    public func batchTransport(endpoint: String) throws(GQLPatchError) -> MadeTransport {
        var configuration = transportConfiguration
        configuration.batchEndpoint = endpoint
        var made = try transports.make(configuration)
        made.transport = recorded(made.transport)
        return made
    }

    /// From now on, every request's secrets are registered with `scrubber` (the run's transports,
    /// this one and those made later, all record them), and the files gqlpatch writes scrub them.
    public mutating func recordSecrets(with scrubber: SecretScrubber) {
        secrets = scrubber
        transport = recorded(transport)
    }

    /// `transport`, registering each request's secrets with the run's scrubber once it has one.
    private func recorded(_ transport: any HTTPTransport) -> any HTTPTransport {
        guard let secrets else { return transport }
        return SecretRecordingTransport(base: transport, scrubber: secrets)
    }

    /// Reads a value file the user named (`InputLimit.valueFile`); `-` is standard input. For the
    /// builders that take a reader.
    public var readFile: @Sendable (String) throws(GQLPatchError) -> [UInt8] { files.valueFileReader }
}
