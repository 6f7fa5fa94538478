import Foundation
import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport

/// A temporary home directory for one credential test, with helpers to write `~/.aws` files and
/// build an `AWSCredentialChain` that sees only this directory, a fake transport and a fixed clock.
package final class CredentialSandbox: @unchecked Sendable {
    // @unchecked: `home` is immutable; the directory is only written by the test that owns it.
    /// 2023-11-14T22:13:20Z.
    package static let now = 1_700_000_000

    package let home: String

    package init() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gqlpatch-credentials-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        home = directory.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: home)
    }

    /// Writes `text` to `relative` under the home directory and returns the full path.
    @discardableResult
    package func write(_ relative: String, _ text: String) throws -> String {
        let path = home + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes `~/.aws/credentials`.
    @discardableResult
    package func credentials(_ text: String) throws -> String { try write(".aws/credentials", text) }

    /// Writes `~/.aws/config`.
    @discardableResult
    package func config(_ text: String) throws -> String { try write(".aws/config", text) }

    /// A chain over this home directory. IMDS is unreachable unless `transport` answers it.
    package func chain(
        environment: [String: String] = [:],
        profile: String? = nil,
        region: String? = nil,
        transport: RecordingTransport = .unreachable,
        runProcess: @escaping AWSCredentialChain.ProcessRunner = ShellProcessRunner.run,
        clock: @escaping AWSCredentialChain.Clock = { CredentialSandbox.now }
    ) -> AWSCredentialChain {
        var chain = AWSCredentialChain(
            environment: environment,
            profile: profile,
            region: region,
            home: home,
            transport: transport,
            files: .local,
            runProcess: runProcess,
            clock: clock, wording: SourceNameWording())
        chain.containerRetryDelay = 0
        return chain
    }
}
