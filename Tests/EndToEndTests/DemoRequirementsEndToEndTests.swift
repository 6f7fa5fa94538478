import Foundation
import Testing

/// `scripts/demo.sh` pipes gqlpatch's JSON through `jq`: `make demo` installs it with apt-get when it
/// is missing (as `make bench` does for its tools), and the script run by hand says what it lacks.
@Suite struct DemoRequirementsEndToEndTests {
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gqlpatch-demo-req-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func executable(_ url: URL, _ script: String) throws {
        try script.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    /// With no jq on PATH, `make demo` asks apt-get for it first. The stand-in apt-get records what it
    /// was asked and refuses the install, so the run stops there (nothing is built or started).
    @Test func makeDemoInstallsJqWhenMissing() throws {
        let scratch = try folder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let log = scratch.appendingPathComponent("apt-get.log")
        try executable(
            scratch.appendingPathComponent("apt-get"),
            """
            #!/bin/sh
            echo "$*" >> '\(log.path)'
            [ "$1" = update ] && exit 0
            exit 1
            """)
        let make = ["/usr/bin/make", "/bin/make"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let makePath = try #require(make, "make is needed to run the Makefile")
        let result = try CommandRunner.run(
            makePath, ["-C", TestPaths.packageRoot.path, "-o", ".venv/.installed", "SHELL=/bin/sh", "demo"],
            environment: ["PATH": scratch.path])
        #expect(result.status != 0, "the stand-in apt-get refuses, so make stops: \(result)")
        #expect(result.stdout.contains("demo: installing jq from Debian's packages (apt-get)"), "\(result)")
        let asked = try String(contentsOf: log, encoding: .utf8)
        #expect(asked == "update -qq\ninstall -y -qq jq\n", "\(result)")
    }

    @Test func theDemoScriptSaysWhenJqIsMissing() throws {
        let scratch = try folder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for tool in ["dirname"] {
            let found = ["/usr/bin/\(tool)", "/bin/\(tool)"].first { FileManager.default.isExecutableFile(atPath: $0) }
            try FileManager.default.createSymbolicLink(
                atPath: scratch.appendingPathComponent(tool).path, withDestinationPath: try #require(found))
        }
        let result = try CommandRunner.run(
            "/bin/bash", [TestPaths.packageRoot.appendingPathComponent("scripts/demo.sh").path],
            environment: ["PATH": scratch.path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "demo.sh needs jq (make demo installs it; or: apt-get install jq)\n", "\(result)")
    }
}
