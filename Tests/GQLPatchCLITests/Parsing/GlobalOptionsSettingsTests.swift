import GQLPatchCLI
import GQLPatchSettings
import GQLPatchSupport
import Testing

@testable import GQLPatchCLI

/// The command line hands settings every option they resolve, as given: a value left behind would be
/// an option that parses and then does nothing.
@Suite struct GlobalOptionsSettingsTests {
    @Test func everyGivenOptionReachesTheSettingsInput() throws {
        let options = try CommandLineParser.parse([
            "--endpoint", "https://e/graphql", "--api-id", "abc", "--schema", "s.graphql", "--config", "c.json",
            "--auth", "iam",
            "--api-key", "k", "--token", "t", "--username", "u", "--password-file", "p", "--auth-flow", "password",
            "--client-secret", "cs", "--mfa-code", "123456", "--token-use", "access", "--user-pool-id", "eu-west-1_P",
            "--client-id", "c", "--no-cache", "--header", "x-a: b", "--timeout", "7", "--region", "eu-west-1",
            "--profile", "pr", "--identity", "guest", "--identity-pool-id", "eu-west-1:1",
            "--conflict-resolution", "on", "--retry-conflicts", "5", "--dry-run", "--output", "envelope",
            "--compact", "--verbose", "--allow-insecure-http", "--max-response-mb", "2", "--env", "staging", "--yes",
            "--undo-log", "u.undo", "schema",
        ]).options
        let given = Dictionary(
            uniqueKeysWithValues: Mirror(reflecting: options).children.map { ($0.label ?? "", "\($0.value)") })
        // `refreshAPI` is no global option: `schema --refresh` and a re-plan set it.
        let input = Mirror(reflecting: options.settingsInput).children.filter { $0.label != "refreshAPI" }
        // The transport's own (the largest response), the confirmation of a write (`--yes`, the
        // command's) and the undo log (the run's, opened once the API is known) are the options
        // settings do not read.
        #expect(input.count == given.count - 3)
        for child in input {
            let label = child.label ?? ""
            #expect(given[label] == "\(child.value)", "\(label)")
            // Given here, so not the default: a field left unset would show as its default.
            #expect("\(child.value)" != "\(Mirror(reflecting: SettingsInput()).descendant(label) ?? "")", "\(label)")
        }
    }
}
