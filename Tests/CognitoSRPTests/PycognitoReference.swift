import Foundation

/// Runs `Tests/CognitoServers/srp_vectors.py` (pycognito's answers) with the venv's Python from
/// `GQLPATCH_PYTHON`: one JSON request on stdin, one JSON answer on stdout.
enum PycognitoReference {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CognitoServers/srp_vectors.py").path

    /// pycognito's answer to `request`; throws (the test fails) when Python is not configured.
    /// The venv's Python; throws (the test fails, no silent skip) when `GQLPATCH_PYTHON` is not set.
    static func python() throws -> String {
        guard let python = ProcessInfo.processInfo.environment["GQLPATCH_PYTHON"], !python.isEmpty else {
            throw Failure(
                description: "GQLPATCH_PYTHON is not set: these tests need the venv's Python with pycognito "
                    + "(`make test` sets it; or GQLPATCH_PYTHON=$PWD/.venv/bin/python)")
        }
        return python
    }

    static func answer(_ request: [String: Any]) throws -> [String: Any] {
        let python = try python()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: request))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "srp_vectors.py exited \(process.terminationStatus): "
                    + String(decoding: stderr, as: UTF8.self))
        }
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(description: "srp_vectors.py printed no JSON object")
        }
        return object
    }
}
