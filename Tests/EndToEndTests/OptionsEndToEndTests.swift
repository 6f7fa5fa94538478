import Foundation
import JSON
import Testing

/// The options as a user meets them: `help globals` lists the global options every command takes
/// (each command's help points there), and
/// `--auth` is read as the auth mode the user chose (the dry run names it, a bad one is refused).
@Suite struct OptionsEndToEndTests {
    static let globalOptions = [
        "--endpoint", "--schema", "--config", "--auth", "--api-key", "--token", "--region", "--profile", "--header",
        "--timeout", "--conflict-resolution", "--retry-conflicts", "--dry-run", "--output", "--compact", "--pretty",
        "--verbose", "--allow-insecure-http", "--max-response-mb", "--help", "--version", "--identity",
        "--identity-pool-id",
    ]

    @Test(arguments: [["help", "globals"]])
    func helpListsEveryGlobalOption(_ arguments: [String]) throws {
        let result = try GQLPatchRun.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        // The term column of the option lines: `  --region REGION    AWS region ...`.
        let terms = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  -") }
            .map { $0.dropFirst(2).components(separatedBy: "  ")[0] }
        let listed = Set(terms.flatMap { $0.split(whereSeparator: { " ,|".contains($0) }).map(String.init) })
        for option in Self.globalOptions {
            #expect(listed.contains(option), "\(arguments.joined(separator: " ")) lists \(option)")
        }
    }

    /// `--auth oidc --dry-run` used to say `"auth":"token"` (the kind of header, not the mode chosen).
    @Test(arguments: [
        (["--auth", "oidc", "--token", "t0k"], [String: String](), "oidc"),
        (["--auth", "lambda", "--token", "t0k"], [:], "lambda"),
        (["--auth", "user-pool", "--token", "t0k"], [:], "user-pool"),
        (["--token", "t0k"], [:], "user-pool"),
        ([], ["GQLPATCH_AUTH": "oidc", "GQLPATCH_TOKEN": "t0k"], "oidc"),
        (["--api-key", "k3y"], [:], "api-key"),
        ([], [:], "none"),
    ])
    func theDryRunNamesTheAuthModeChosen(_ credentials: [String], _ environment: [String: String], _ mode: String)
        throws
    {
        let result = try GQLPatchRun.run(
            credentials + [
                "--dry-run", "--compact", "--schema", TestPaths.schema, "--endpoint", "https://example.invalid/graphql",
                "update", "Item", "--id", "1", "--set", "name=Lamp",
            ], environment: environment)
        let plan = try result.singleDocument()
        #expect(plan["auth"] == .string(mode), "\(result)")
        #expect(!result.stdout.contains("t0k") && !result.stdout.contains("k3y"), "no secret in the plan")
    }

    @Test func aBadAuthModeIsAUsageErrorNamingTheModes() throws {
        let result = try GQLPatchRun.run(["--auth", "bearer", "--schema", TestPaths.schema, "get", "Item", "--id", "1"])
        result.expectFailure(
            64, "gqlpatch: error: --auth expects one of api-key, iam, user-pool, oidc, lambda, none, got 'bearer'\n")
    }

    @Test func aBadGQLPATCHAUTHIsAConfigurationErrorNamingTheModes() throws {
        let result = try GQLPatchRun.run(
            ["--dry-run", "--schema", TestPaths.schema, "get", "Item", "--id", "1"],
            environment: ["GQLPATCH_AUTH": "bearer"])
        result.expectFailure(
            78,
            "gqlpatch: error: GQLPATCH_AUTH must be one of api-key, iam, user-pool, oidc, lambda, none, got 'bearer'\n")
    }
}
