import AWSSigning
import GQLPatchTestSupport
import HTTP
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct CredentialProcessTests {
    private func resolve(_ command: String) async throws -> (ResolvedCredentials, String) {
        let sandbox = try CredentialSandbox()
        let path = try sandbox.config("[profile tool]\nregion = us-east-1\ncredential_process = \(command)\n")
        return (try await sandbox.chain(profile: "tool").resolve(), path)
    }

    @Test func runsTheCommandWithAShell() async throws {
        let (found, _) = try await resolve(
            #"printf '{"Version": 1, "AccessKeyId": "ASIAPROCESS000000001", "SecretAccessKey": "processSecret", "SessionToken": "processToken", "Expiration": "2023-11-14T23:00:00Z"}'"#
        )
        #expect(
            found.credentials
                == SigV4Credentials(
                    accessKeyID: "ASIAPROCESS000000001", secretAccessKey: "processSecret", sessionToken: "processToken")
        )
        #expect(found.expiration == 1_700_002_800)
        #expect(found.source == "credential_process of profile tool in ~/.aws/config")
    }

    @Test func withoutExpirationTheKeysAreLongTerm() async throws {
        let (found, _) = try await resolve(
            #"echo '{"Version":1,"AccessKeyId":"AKIAPROCESS000000001","SecretAccessKey":"s"}' | cat"#)
        #expect(found.expiration == nil)
        #expect(found.credentials.sessionToken == nil)
    }

    @Test(arguments: [
        ("echo 'token expired, run login' >&2; exit 3", "exited with status 3: token expired, run login"),
        (
            #"printf '{"Version": 2, "AccessKeyId": "a", "SecretAccessKey": "b"}'"#,
            "printed Version 2; gqlpatch reads Version 1"
        ),
        (
            #"printf '{"AccessKeyId": "a", "SecretAccessKey": "b"}'"#,
            "printed Version missing; gqlpatch reads Version 1"
        ),
        (#"printf '{"Version": 1, "AccessKeyId": "a"}'"#, "printed no SecretAccessKey"),
        (
            #"printf '{"Version": 1, "AccessKeyId": "a", "SecretAccessKey": "b", "Expiration": "tomorrow"}'"#,
            "printed an Expiration that is not an RFC 3339 timestamp"
        ),
        ("printf '[1]'", "did not print a JSON object"),
    ])
    func failures(command: String, problem: String) async throws {
        let sandbox = try CredentialSandbox()
        let path = try sandbox.config("[profile tool]\nregion = us-east-1\ncredential_process = \(command)\n")
        await expectCredentialError(.configuration, "\(path):3:1: error: credential_process of profile tool \(problem)")
        {
            _ = try await sandbox.chain(profile: "tool").resolve()
        }
    }

    @Test func notJSONNamesOnlyThePosition() async throws {
        let sandbox = try CredentialSandbox()
        try sandbox.config("[profile tool]\ncredential_process = printf 'AKIASECRETLOOKING001 hunter2'\n")
        let error = await expectCredentialError(.configuration, "", prefix: true) {
            _ = try await sandbox.chain(profile: "tool").resolve()
        }
        #expect(error?.message.contains("did not print a JSON object (1:1:") == true)
        #expect(error?.message.contains("hunter2") == false)
    }

    @Test func injectedRunnerSeesTheCommandLine() async throws {
        let sandbox = try CredentialSandbox()
        try sandbox.credentials("[tool]\ncredential_process = \"/opt/my tools/creds\" --account 'a b'\n")
        let seen = RequestLog()
        let found = try await sandbox.chain(
            profile: "tool",
            runProcess: { command in
                seen.append(HTTPRequest(url: command), timeout: 0)
                return (0, Array(#"{"Version":1,"AccessKeyId":"AKIAINJECTED00000001","SecretAccessKey":"s"}"#.utf8), [])
            }
        ).resolve()
        #expect(seen.requests.map(\.url) == [#""/opt/my tools/creds" --account 'a b'"#])
        #expect(found.source == "credential_process of profile tool in ~/.aws/credentials")
    }
}
