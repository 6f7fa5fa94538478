import Foundation

/// Where the end-to-end tests find the built binary, the Python interpreter of the project's
/// virtual environment, the emulator and the fixtures. `make test` sets GQLPATCH_BIN and
/// GQLPATCH_PYTHON; without them the defaults below the package root are used. A missing piece is
/// a test failure with a message saying how to get it, never a silent skip.
enum TestPaths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var binary: String {
        ProcessInfo.processInfo.environment["GQLPATCH_BIN"]
            ?? packageRoot.appendingPathComponent(".build/debug/gqlpatch").path
    }

    static var python: String {
        ProcessInfo.processInfo.environment["GQLPATCH_PYTHON"]
            ?? packageRoot.appendingPathComponent(".venv/bin/python").path
    }

    /// The peers' venv's Python (`make venv`: .venv/peers), for the tools run beside gqlpatch.
    static var peerPython: String {
        ProcessInfo.processInfo.environment["GQLPATCH_PEER_PYTHON"]
            ?? packageRoot.appendingPathComponent(".venv/peers/bin/python").path
    }

    static var emulator: String { packageRoot.appendingPathComponent("Tests/AppSyncEmulator/appsync_emulator.py").path }
    static var schema: String { packageRoot.appendingPathComponent("schema.graphql").path }
    static func fixture(_ relative: String) -> String {
        packageRoot.appendingPathComponent("Tests/Fixtures/\(relative)").path
    }

    /// The real Amplify projects of the shared test data (`../shared/testdata/amplify/corpus` beside the
    /// repository). They carry no licence: read from there at test time, never copied here; tests that
    /// need them are skipped, with the reason printed, when the folder is absent.
    static var corpus: URL {
        packageRoot.deletingLastPathComponent().appendingPathComponent("shared/testdata/amplify/corpus")
    }

    /// Fails with a clear message when the binary or the virtual environment is missing.
    static func requireTools() throws {
        let files = FileManager.default
        guard files.isExecutableFile(atPath: binary) else {
            throw HarnessError("gqlpatch binary not found at \(binary): run 'make test' (or 'swift build' first)")
        }
        guard files.isExecutableFile(atPath: python) else {
            throw HarnessError("Python virtual environment not found at \(python): run 'make venv' (make test does it)")
        }
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
