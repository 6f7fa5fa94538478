import Testing

@testable import GQLPatchCLI

/// The command `apply` prints for going on after it stopped: the same arguments, `--resume` once,
/// quoted for a POSIX shell, and no secret.
@Suite struct ResumeCommandTests {
    @Test func theSameArgumentsWithResume() {
        #expect(
            ResumeCommand.text(for: ["--compact", "apply", "in put.jsonl", "--journal", "j.journal"])
                == "gqlpatch --compact apply 'in put.jsonl' --journal j.journal --resume")
        #expect(
            ResumeCommand.text(for: ["apply", "in.jsonl", "--journal", "j", "--resume"])
                == "gqlpatch apply in.jsonl --journal j --resume")
    }

    @Test func secretsAreReplacedByTheirVariables() {
        let text = ResumeCommand.text(for: [
            "--api-key", "da2-secret", "--token=tok-secret", "--client-secret", "cs", "--mfa-code", "123456",
            "apply", "in.jsonl", "--journal", "j",
        ])
        #expect(
            text
                == #"gqlpatch --api-key "$GQLPATCH_API_KEY" --token="$GQLPATCH_TOKEN" --client-secret "$GQLPATCH_CLIENT_SECRET" --mfa-code CODE apply in.jsonl --journal j --resume"#
        )
        #expect(!text.contains("secret\"") && !text.contains("da2-") && !text.contains("123456"))
    }

    /// An endpoint's password and a credential header's value are left out too.
    @Test func anEndpointsPasswordAndACredentialHeaderAreLeftOut() {
        let text = ResumeCommand.text(for: [
            "--endpoint", "https://user:pa55@api.example.com/graphql", "--header", "x-api-key: da2-secret",
            "--header", "x-trace: 1", "apply", "in.jsonl", "--journal", "j",
        ])
        #expect(!text.contains("pa55") && !text.contains("da2-secret"), "\(text)")
        #expect(text.contains("--header 'x-api-key: VALUE'") && text.contains("--header 'x-trace: 1'"), "\(text)")
    }
}
