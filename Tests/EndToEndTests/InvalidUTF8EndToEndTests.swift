import Foundation
import Testing

/// Arguments and environment values that are not UTF-8 are refused, naming the argument's position
/// or the variable, before anything is sent: they used to be repaired into U+FFFD, so
/// `--id $'\xfe'` updated the record whose key is "\u{FFFD}".
@Suite struct InvalidUTF8EndToEndTests {
    private static func server() throws -> ScriptedServer {
        try ScriptedServer { _, _ in .init(status: 200, body: #"{"data": {"updateItem": {"id": "x", "name": "HIT"}}}"#)
        }
    }

    private static func update(_ server: ScriptedServer, id: ShellRun.Word, name: ShellRun.Word) -> [ShellRun.Word] {
        [
            "--endpoint", ShellRun.Word(server.endpoint), "--api-key", "k", "--schema", ShellRun.Word(TestPaths.schema),
            "--conflict-resolution", "off", "update", "Item", "--id", id, "--set", name,
        ]
    }

    @Test func anArgumentThatIsNotUTF8IsRefusedWithItsPositionAndEscaped() throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = try ShellRun.run(Self.update(server, id: ShellRun.Word(bytes: [0xFE]), name: "name=Lamp"))
        result.expectFailure(64, "gqlpatch: error: argument 12 is not valid UTF-8: \"\\xFE\"\n")
        #expect(server.received.isEmpty, "nothing may be sent")
    }

    @Test func theValidPartsAreShownAndTheBadBytesEscaped() throws {
        let server = try Self.server()
        defer { server.stop() }
        let value = ShellRun.Word(bytes: Array("name=HIT".utf8) + [0xFF] + Array("é".utf8) + [0x1B])
        let result = try ShellRun.run(Self.update(server, id: "1", name: value))
        result.expectFailure(64, "gqlpatch: error: argument 14 is not valid UTF-8: \"name=HIT\\xFFé\\x1B\"\n")
        #expect(!result.stderr.utf8.contains(0xFF) && !result.stderr.utf8.contains(0x1B), "raw bytes are never echoed")
        #expect(server.received.isEmpty, "nothing may be sent")
    }

    /// A secret's value is never shown, even escaped: only where it is.
    @Test func theValueOfASecretOptionIsNotShown() throws {
        let server = try Self.server()
        defer { server.stop() }
        for (arguments, message): ([ShellRun.Word], String) in [
            (
                ["--api-key", ShellRun.Word(bytes: Array("da2-secret".utf8) + [0xC3])],
                "argument 2 is not valid UTF-8 (the value of --api-key, not shown)"
            ),
            (
                [ShellRun.Word(bytes: Array("--token=tok-secret".utf8) + [0xC3])],
                "argument 1 is not valid UTF-8 (the value of --token, not shown)"
            ),
            (
                ["--header", ShellRun.Word(bytes: Array("Authorization: secret".utf8) + [0xC3])],
                "argument 2 is not valid UTF-8 (the value of --header, not shown)"
            ),
        ] {
            let result = try ShellRun.run(arguments + ["--endpoint", ShellRun.Word(server.endpoint), "schema"])
            result.expectFailure(64, "gqlpatch: error: \(message)\n")
            #expect(!result.stderr.contains("secret"), "\(result)")
        }
        #expect(server.received.isEmpty, "nothing may be sent")
    }

    @Test func anEnvironmentValueGqlpatchReadsThatIsNotUTF8IsAConfigurationError() throws {
        let server = try Self.server()
        defer { server.stop() }
        let arguments: [ShellRun.Word] = [
            "--schema", ShellRun.Word(TestPaths.schema), "--conflict-resolution", "off",
            "update", "Item", "--id", "1", "--set", "name=Lamp",
        ]
        for name in ["GQLPATCH_API_KEY", "GQLPATCH_ENDPOINT", "AWS_SESSION_TOKEN", "https_proxy", "HOME"] {
            var environment: [(String, ShellRun.Word)] = [
                ("GQLPATCH_ENDPOINT", ShellRun.Word(server.endpoint)), ("GQLPATCH_API_KEY", "k"),
            ]
            environment.removeAll { $0.0 == name }
            environment.append((name, ShellRun.Word(bytes: Array("secret".utf8) + [0xFE])))
            let result = try ShellRun.run(arguments, environment: environment)
            result.expectFailure(78, "gqlpatch: error: the environment variable \(name) is not valid UTF-8\n")
            #expect(!result.stderr.contains("secret"), "the value is never shown: \(result)")
        }
        #expect(server.received.isEmpty, "nothing may be sent")
    }

    /// Variables gqlpatch never reads may hold anything.
    @Test func otherEnvironmentVariablesMayHoldAnyBytes() throws {
        let result = try ShellRun.run(
            ["--schema", ShellRun.Word(TestPaths.schema), "schema", "Item"],
            environment: [("LC_GQLPATCH_TEST", ShellRun.Word(bytes: [0xFE, 0xFF]))])
        #expect(result.status == 0, "\(result)")
    }
}
