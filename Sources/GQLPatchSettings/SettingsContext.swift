import GQLPatchClient
import GQLPatchSupport
import HTTP

/// What resolving settings may touch outside itself: the console (verbose lines, warnings), the
/// files (configs, schemas, token files, the AWS shared files), the network (credential and sign-in
/// lookups), and the caller's words for what it reports.
package struct SettingsContext: Sendable {
    package var console: Console
    package var files: FileSystem
    /// For credential and sign-in lookups.
    package var transport: any HTTPTransport
    /// Prepared for the endpoint by a run that will send.
    package var transports: TransportMaker
    /// For `./schema.graphql`, `./schema/` and config discovery.
    package var workingDirectory: String
    /// Told a sign-in's secrets, so nothing printed shows them.
    package var secrets: SecretScrubber?
    /// Told, in words without secrets, what a sending run's credentials are and where they came from.
    package var credentialNote: CredentialNote?
    package var signInArithmetic: SignInArithmetic = .builtIn
    package var wording: any SettingsWording

    package init(
        console: Console, files: FileSystem, transport: any HTTPTransport, transports: TransportMaker,
        workingDirectory: String, wording: any SettingsWording
    ) {
        self.console = console
        self.files = files
        self.transport = transport
        self.transports = transports
        self.workingDirectory = workingDirectory
        self.wording = wording
    }

    /// Reads a file the user named (`InputLimit.valueFile`); `-` is standard input.
    package var readFile: @Sendable (String) throws(GQLPatchError) -> [UInt8] { files.valueFileReader }
}
