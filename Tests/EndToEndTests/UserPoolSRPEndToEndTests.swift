import Foundation
import JSON
import Testing

/// `--auth user-pool` signing in with USER_SRP_AUTH (the default flow) against the SRP-checking stub,
/// whose tokens the emulator verifies (signature, issuer, audience, expiry): the real arithmetic end to
/// end, which moto cannot check.
@Suite struct UserPoolSRPEndToEndTests {
    static let totpSecret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"

    static func stub(lifetime: Int? = nil) throws -> UserPoolStub {
        try UserPoolStub(
            [
                "--user", "alice:Correct-Horse-7!", "--user", "tess:Tess-Pass-9!:totp=\(totpSecret)",
                "--user", "mallory:Mallory-Pass-1!:disabled",
            ] + (lifetime.map { ["--token-lifetime", String($0)] } ?? []))
    }

    @Test func anSRPSignInWritesAsTheUserAndAWrongPasswordIsRefused() throws {
        let stub = try Self.stub()
        defer { stub.stop() }
        let emulator = try Emulator(arguments: ["--api-key", Emulator.apiKey] + stub.emulatorArguments)
        defer { emulator.stop() }
        let cache = emulator.folder.appendingPathComponent("cache")
        func run(_ user: String, _ password: String?, _ arguments: [String], extra: [String: String] = [:]) throws
            -> ProcessResult
        {
            try emulator.gqlpatchWithoutCredentials(
                stub.flags(user) + ["--no-cache"] + arguments,
                environment: stub.environment(password: password, cache: cache).merging(extra) { $1 })
        }
        let created = try run("alice", "Correct-Horse-7!", ["create", "Item", "--set", "id=s1", "--set", "name=Chair"])
        #expect(created.status == 0, "\(created)")
        let updated = try run("alice", "Correct-Horse-7!", ["update", "Item", "--id", "s1", "--set", "name=Lamp"])
        #expect(updated.status == 0, "\(updated)")
        #expect(try updated.singleDocument()["name"] == "Lamp")
        let stats = try stub.stats()
        #expect(stats["InitiateAuth:USER_SRP_AUTH"] == 2, "\(stats)")
        #expect(stats["RespondToAuthChallenge:PASSWORD_VERIFIER"] == 2, "the stub checked both proofs: \(stats)")

        let wrong = try run("alice", "not-the-password", ["update", "Item", "--id", "s1", "--set", "name=Desk"])
        wrong.expectFailure(77, "gqlpatch: error: ")
        #expect(wrong.stderr.contains("Incorrect username or password"), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("not-the-password"))
        let disabled = try run("mallory", "Mallory-Pass-1!", ["update", "Item", "--id", "s1", "--set", "name=Desk"])
        disabled.expectFailure(77, "gqlpatch: error: ")
        #expect(disabled.stderr.contains("User is disabled"), "\(disabled.stderr)")

        let totp = try run(
            "tess", "Tess-Pass-9!", ["update", "Item", "--id", "s1", "--set", "name=Sofa"],
            extra: ["GQLPATCH_TOTP_SECRET": Self.totpSecret])
        #expect(totp.status == 0, "the code is computed from the TOTP secret: \(totp)")
        #expect(try stub.stats()["RespondToAuthChallenge:SOFTWARE_TOKEN_MFA"] == 1)
        #expect(!totp.stderr.contains(Self.totpSecret))
    }

    /// A 2,000-line `apply` whose tokens live 3 seconds: the session refreshes as it goes, and every line
    /// is written once, none lost.
    @Test func aLongApplyRefreshesItsTokens() throws {
        let stub = try Self.stub(lifetime: 3)
        defer { stub.stop() }
        let emulator = try Emulator(
            arguments: ["--api-key", Emulator.apiKey] + stub.emulatorArguments + ["--latency-ms", "5"])
        defer { emulator.stop() }
        let cache = emulator.folder.appendingPathComponent("cache")
        let lines = (1...2000).map {
            #"{"op": "create", "model": "Item", "key": {"id": "a\#($0)"}, "set": {"name": "n\#($0)"}}"#
        }
        let input = try emulator.file("lines.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try emulator.gqlpatchWithoutCredentials(
            stub.flags("alice") + ["apply", input, "-j", "4", "--rate", "300"],
            environment: stub.environment(password: "Correct-Horse-7!", cache: cache), timeout: 300)
        #expect(result.status == 0, "\(result.stderr.suffix(2000))")
        let stats = try stub.stats()
        #expect((stats["InitiateAuth:REFRESH_TOKEN_AUTH"]?.intValue ?? 0) >= 1, "the tokens were refreshed: \(stats)")
        let listed = try emulator.gqlpatch(["--compact", "list", "Item", "--select", "id"])
        #expect(listed.status == 0, "\(listed)")
        let ids = try listed.stdout.split(separator: "\n").map {
            try JSONValue.parse(Array($0.utf8))["id"]?.stringValue ?? ""
        }
        #expect(ids.count == 2000)
        #expect(Set(ids).count == 2000, "no line twice")
    }
}
