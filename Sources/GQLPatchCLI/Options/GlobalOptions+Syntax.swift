import GQLPatchClient
import GQLPatchOperations

extension GlobalOptions {
    /// The global options, in the order `--help` lists them. The parser's global sets, the
    /// "Global options" list of every `--help` and the man page, and completion read this.
    package static let table: [OptionSpec] = {
        let section = "Global options (before or after the command)"
        let modes = AuthMode.allCases.map(\.rawValue)
        return [
            .value(
                "--endpoint", "URL", "GraphQL endpoint (env GQLPATCH_ENDPOINT, else the config file)", section: section),
            .value(
                "--schema", "PATH",
                """
                compiled AppSync SDL, Amplify source SDL, or amplify_outputs.json
                (env GQLPATCH_SCHEMA, else ./schema.graphql, else the config's
                model introspection)
                """, section: section),
            .value(
                "--config", "PATH",
                """
                amplify_outputs.json or amplifyconfiguration.json
                (default: whichever of the two is in the working directory)
                """, section: section),
            .value(
                "--auth", "MODE", "\(modes.joined(separator: " | ")) (env GQLPATCH_AUTH)", values: modes,
                section: section),
            .value("--api-key", "KEY", "API key, sent as x-api-key (env GQLPATCH_API_KEY)", section: section),
            .value(
                "--token", "TOKEN",
                """
                token for user-pool, oidc, lambda, sent raw in Authorization;
                for iam --identity user, the ID token (env GQLPATCH_TOKEN)
                """, section: section),
            .value(
                "--username", "NAME",
                """
                user-pool: sign in as this user (env GQLPATCH_USERNAME); the
                password from GQLPATCH_PASSWORD or --password-file
                """, section: section),
            .value("--password-file", "PATH", "user-pool: a file holding the password", section: section),
            .choice(
                "--auth-flow", of: UserPoolCredentials.Flow.self,
                "user-pool sign-in: SRP (USER_SRP_AUTH, default) or USER_PASSWORD_AUTH", section: section),
            .value(
                "--client-secret", "SECRET",
                "the app client's secret, or @FILE (env GQLPATCH_CLIENT_SECRET)", section: section),
            .value(
                "--mfa-code", "CODE",
                "user-pool: a TOTP code (or env GQLPATCH_TOTP_SECRET to compute it)", section: section),
            .choice(
                "--token-use", of: UserPoolTokens.Use.self,
                "user-pool: send the ID token (default) or the access token", section: section),
            .value(
                "--user-pool-id", "ID",
                "user pool id (env GQLPATCH_USER_POOL_ID; else the config's auth)", section: section),
            .value(
                "--client-id", "ID",
                "app client id (env GQLPATCH_CLIENT_ID; else the config's auth)", section: section),
            .flag(
                "--no-cache", "neither read nor write the cached sign-in tokens and guest identity", section: section),
            .value(
                "--region", "REGION",
                """
                AWS region for iam (env AWS_REGION, AWS_DEFAULT_REGION; default:
                from the endpoint host, else the profile)
                """, section: section),
            .value("--profile", "NAME", "AWS profile for iam (env AWS_PROFILE)", section: section),
            .choice(
                "--identity", of: IdentityKind.self,
                """
                for iam: credentials from the Cognito identity pool instead of the
                AWS chain: guest, or user (the ID token of --token)
                """, section: section),
            .value(
                "--identity-pool-id", "ID",
                """
                the identity pool for --identity (env GQLPATCH_IDENTITY_POOL_ID,
                else the config's auth.identity_pool_id)
                """, section: section),
            .value("--header", "'Name: value'", "extra HTTP header; repeatable", repeats: true, section: section),
            .value("--timeout", "SECONDS", "per request (default 30; 0.001 to 86400)", section: section),
            .choice(
                "--conflict-resolution", of: ConflictResolution.self,
                "send _version (auto: when the schema has it; default auto)", section: section),
            .value(
                "--retry-conflicts", "N", "retries after a version conflict (default 3; 0 to 100)", section: section),
            .flag("--dry-run", "send nothing; print the planned requests (secrets redacted)", section: section),
            .choice(
                "--output", of: OutputMode.self, "print the record (default) or the whole GraphQL response",
                section: section),
            .flag(
                "--compact", opposite: "--pretty", "JSON layout (default: pretty on a terminal, compact otherwise)",
                section: section),
            .flag(
                "--verbose",
                """
                say which config and schema were read, trace requests and
                responses on stderr (secrets redacted)
                """, section: section),
            .flag(
                "--allow-insecure-http", "allow credentials over plain http:// to a host that is not loopback",
                section: section),
            .value(
                "--max-response-mb", "N", "refuse responses larger than N MB (default 64, 1 to 4096)", section: section),
            .flag("--help", short: "-h", "this help", section: section),
            .flag("--version", "the version", section: section),
        ]
    }()
}
