import Foundation
import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import HTTP

/// Runs `Application.run` in-process with a schema file given as text and a fake transport, and
/// keeps what it wrote: for the hardening regression tests.
package final class CapturedRun: @unchecked Sendable {
    package init() {}

    // @unchecked: `out` and `err` are only touched under `lock`.
    private let lock = NSLock()
    private var out: [UInt8] = []
    private var err = ""

    package var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    package var stderr: String { lock.withLock { err } }

    /// The console that keeps what the run writes.
    private var console: Console {
        Console(
            writeOut: { bytes in self.lock.withLock { self.out += bytes } },
            writeErr: { text in self.lock.withLock { self.err += text } },
            stdoutIsTerminal: false)
    }

    /// The exit code of `gqlpatch ARGUMENTS` on the real file system in `workingDirectory`, with no
    /// environment and a transport that refuses to send (for dry runs).
    package func run(_ arguments: [String], workingDirectory: String) async -> Int32 {
        let context = RunContext(
            console: console, files: .local, transport: NoTransport(), workingDirectory: workingDirectory)
        return await Application.run(arguments: arguments, environment: [:], context: context)
    }

    /// The exit code of `gqlpatch --endpoint ENDPOINT --api-key k --schema schema.graphql ARGUMENTS`.
    package func run(
        _ arguments: [String], schema: String, transport: any HTTPTransport,
        endpoint: String = "https://abc.appsync-api.eu-west-1.amazonaws.com/graphql"
    ) async -> Int32 {
        await run(arguments, schema: schema, transports: .fixed(transport), endpoint: endpoint)
    }

    /// The same, with the transports `transports` makes for what the run configures.
    package func run(
        _ arguments: [String], schema: String, transports: TransportMaker,
        endpoint: String = "https://abc.appsync-api.eu-west-1.amazonaws.com/graphql"
    ) async -> Int32 {
        let context = RunContext(
            console: console, files: .memory(["/virtual/schema.graphql": Array(schema.utf8)]), transports: transports,
            workingDirectory: "/virtual")
        let prefix = [
            "--endpoint", endpoint, "--api-key", "k",
            "--schema", "/virtual/schema.graphql",
        ]
        return await Application.run(arguments: prefix + arguments, environment: [:], context: context)
    }
}
