import GQLPatchClient
import GQLPatchOperations
import GQLPatchSupport

extension GlobalOptions {
    /// The global options, in the order `--help` lists them, each with where its value goes. The
    /// parser, the "Global options" list of every `--help` and the man page, and completion read this.
    package static let bindings: [OptionBinding<GlobalArguments>] = {
        let section = "Global options (before or after the command)"
        return [
            .value(
                OptionName.env, "NAME",
                """
                a named environment (gqlpatch env add; env GQLPATCH_ENV, else
                env use's default): its endpoint, schema and auth, under the flags
                """, section: section, read: .text, into: \.options.environmentName),
            .value(
                OptionName.endpoint, "URL", "GraphQL endpoint (env GQLPATCH_ENDPOINT, else the config file)",
                section: section, read: .text, into: \.options.endpoint),
            .value(
                OptionName.apiID, "ID",
                """
                the API's id (env GQLPATCH_API_ID): its endpoints, auth mode and
                schema from AppSync's control plane (SigV4; --region), cached
                """, section: section, read: .text, into: \.options.apiID),
            .value(
                OptionName.schema, "PATH",
                """
                compiled AppSync SDL, Amplify source SDL, or amplify_outputs.json
                (env GQLPATCH_SCHEMA, else ./schema.graphql, else the config's
                model introspection)
                """, section: section, read: .text, into: \.options.schemaPath),
            .value(
                OptionName.config, "PATH",
                """
                amplify_outputs.json or amplifyconfiguration.json
                (default: whichever of the two is in the working directory)
                """, section: section, read: .text, into: \.options.configPath),
            .choice(
                OptionName.auth, valueName: "MODE",
                "\(AuthMode.allCases.map(\.rawValue).joined(separator: " | ")) (env GQLPATCH_AUTH)", section: section,
                into: \.options.auth),
            .value(
                OptionName.apiKey, "KEY", "API key, sent as x-api-key (env GQLPATCH_API_KEY)", section: section,
                read: .text, into: \.options.apiKey),
            .value(
                OptionName.token, "TOKEN",
                """
                token for user-pool, oidc, lambda, sent raw in Authorization;
                for iam --identity user, the ID token (env GQLPATCH_TOKEN)
                """, section: section, read: .text, into: \.options.token),
            .value(
                OptionName.username, "NAME",
                """
                user-pool: sign in as this user (env GQLPATCH_USERNAME); the
                password from GQLPATCH_PASSWORD or --password-file
                """, section: section, read: .text, into: \.options.username),
            .value(
                OptionName.passwordFile, "PATH", "user-pool: a file holding the password", section: section,
                read: .text, into: \.options.passwordFile),
            .choice(
                OptionName.authFlow,
                "user-pool sign-in: SRP (USER_SRP_AUTH, default) or USER_PASSWORD_AUTH", section: section,
                into: \.options.authFlow),
            .value(
                OptionName.clientSecret, "SECRET",
                "the app client's secret, or @FILE (env GQLPATCH_CLIENT_SECRET)", section: section, read: .text,
                into: \.options.clientSecret),
            .value(
                OptionName.mfaCode, "CODE",
                "user-pool: a TOTP code (or env GQLPATCH_TOTP_SECRET to compute it)", section: section, read: .text,
                into: \.options.mfaCode),
            .choice(
                OptionName.tokenUse,
                "user-pool: send the ID token (default) or the access token", section: section, into: \.options.tokenUse
            ),
            .value(
                OptionName.userPoolId, "ID",
                "user pool id (env GQLPATCH_USER_POOL_ID; else the config's auth)", section: section, read: .text,
                into: \.options.userPoolID),
            .value(
                OptionName.clientId, "ID",
                "app client id (env GQLPATCH_CLIENT_ID; else the config's auth)", section: section, read: .text,
                into: \.options.clientID),
            .flag(
                OptionName.noCache, "neither read nor write the cached sign-in tokens and guest identity",
                section: section, sets: \.options.noCache),
            .value(
                OptionName.region, "REGION",
                """
                AWS region for iam (env AWS_REGION, AWS_DEFAULT_REGION; default:
                from the endpoint host, else the profile)
                """, section: section, read: .text, into: \.options.region),
            .value(
                OptionName.profile, "NAME", "AWS profile for iam (env AWS_PROFILE)", section: section, read: .text,
                into: \.options.profile),
            .choice(
                OptionName.identity,
                """
                for iam: credentials from the Cognito identity pool instead of the
                AWS chain: guest, or user (the ID token of --token)
                """, section: section, into: \.options.identity),
            .value(
                OptionName.identityPoolId, "ID",
                """
                the identity pool for --identity (env GQLPATCH_IDENTITY_POOL_ID,
                else the config's auth.identity_pool_id)
                """, section: section, read: .text, into: \.options.identityPoolID),
            OptionBinding(
                .value(
                    OptionName.header, "'Name: value'", "extra HTTP header; repeatable", repeats: true, section: section
                )
            ) { (arguments, value, _) throws(GQLPatchError) in
                arguments.options.headers.append(try HeaderField.parse(value))
            },
            .value(
                OptionName.timeout, "SECONDS", "per request (default 30; 0.001 to 86400)", section: section,
                read: .number(in: NumericLimits.timeout, of: "seconds"), into: \.options.timeout),
            .choice(
                OptionName.conflictResolution,
                "send _version (auto: when the schema has it; default auto)", section: section,
                into: \.options.conflictResolution),
            .value(
                OptionName.retryConflicts, "N", "retries after a version conflict (default 3; 0 to 100)",
                section: section, read: .whole(in: NumericLimits.retryConflicts), into: \.options.retryConflicts),
            .flag(
                OptionName.dryRun, "send nothing; print the planned requests (secrets redacted)", section: section,
                sets: \.options.dryRun),
            .flag(
                OptionName.yes,
                """
                go on with a write that asks first (many records, a protected
                environment) where no terminal can ask
                """, section: section, sets: \.options.yes),
            .value(
                OptionName.undoLog, "FILE",
                """
                append each write, with the record as it was before, to FILE
                (0600) for gqlpatch undo (env GQLPATCH_UNDO_LOG)
                """, section: section, read: .text, into: \.options.undoLog),
            .choice(
                OptionName.output,
                """
                the record (default), the whole GraphQL response, or rows:
                csv, tsv, table (get, list, export of one model, query --paginate, diff)
                """,
                section: section, into: \.options.output),
            OptionBinding(
                .flag(
                    OptionName.compact, opposite: OptionName.pretty,
                    "JSON layout (default: pretty on a terminal, compact otherwise)", section: section)
            ) {
                arguments, _, given in arguments.options.pretty = given == OptionName.pretty
            },
            .flag(
                OptionName.verbose,
                """
                say which config and schema were read, trace requests and
                responses on stderr (secrets redacted)
                """, section: section, sets: \.options.verbose),
            .flag(
                OptionName.allowInsecureHttp, "allow credentials over plain http:// to a host that is not loopback",
                section: section, sets: \.options.allowInsecureHTTP),
            OptionBinding(
                .value(
                    OptionName.maxResponseMb, "N", "refuse responses larger than N MB (default 64, 1 to 4096)",
                    section: section)
            ) {
                (arguments, value, given) throws(GQLPatchError) in
                let megabytes = try CommandLineParser.wholeNumber(
                    value, option: given, of: "MB", in: NumericLimits.responseMegabytes)
                arguments.options.maxResponseBytes = megabytes << 20
            },
            .flag(OptionName.help, short: OptionName.helpShort, "this help", section: section, sets: \.wantsHelp),
            .flag(OptionName.version, "the version", section: section, sets: \.wantsVersion),
        ]
    }()

    /// The global options, in the order `--help` lists them.
    package static var table: [OptionSpec] { bindings.map(\.spec) }
}
