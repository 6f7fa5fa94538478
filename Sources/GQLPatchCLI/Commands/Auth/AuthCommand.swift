import FoundationEssentials
import GQLPatchClient
import GQLPatchSettings
import GQLPatchSupport
import JSON

/// `gqlpatch auth login | status | logout`: the user-pool sign-in on its own, for a CI step before
/// the commands that use it. Needs no endpoint and no schema.
package struct AuthCommand: Sendable {
    package var options: AuthOptions
    package var run: CommandRun

    package func run() async throws(GQLPatchError) -> ExitCode {
        try run.environmentCheck?.check()
        let global = run.options
        if global.dryRun { throw .usage("auth sends or deletes nothing with --dry-run; leave --dry-run out") }
        guard Settings.username(global.settingsInput, environment: run.environment) != nil else {
            throw .configuration("auth needs a user: pass --username NAME or set GQLPATCH_USERNAME")
        }
        if options.action == .login, global.noCache {
            throw .usage("auth login caches the sign-in; leave --no-cache out")
        }
        let config = try Settings.loadConfig(
            global.settingsInput, environment: run.environment, context: run.context.settings)
        var signInOptions = global.settingsInput
        // Another token given beside does not replace the sign-in here: this command is the sign-in.
        signInOptions.token = nil
        var environment = run.environment
        environment["GQLPATCH_TOKEN"] = nil
        let session = try Settings.userPoolSession(
            signInOptions, environment: environment, config: config, context: run.context.settings)
        let app = session.signIn.service.app
        let username = session.signIn.credentials.username
        var fields: [(String, JSONValue)] = [
            ("username", .string(username)), ("pool", .string(app.poolID)), ("client", .string(app.clientID)),
        ]
        switch options.action {
        case .login:
            let tokens = try await session.signInAgain()
            fields.append(("expires", .string(Self.timestamp(tokens.expiresAt))))
        case .status:
            guard let tokens = try session.store.load() else {
                throw GQLPatchError(
                    .unauthorized,
                    "not signed in as '\(username)' to user pool \(app.poolID): run 'gqlpatch auth login'")
            }
            let now = Int(Date().timeIntervalSince1970)
            if tokens.isExpired(now: now), tokens.refreshToken == nil {
                throw GQLPatchError(
                    .unauthorized,
                    "the sign-in of '\(username)' to user pool \(app.poolID) expired at \(Self.timestamp(tokens.expiresAt)) and holds no refresh token: run 'gqlpatch auth login'"
                )
            }
            fields += [
                ("expires", .string(Self.timestamp(tokens.expiresAt))), ("expired", .bool(tokens.isExpired(now: now))),
                ("refreshToken", .bool(tokens.refreshToken != nil)),
            ]
        case .logout:
            var signedOut = false
            if options.everywhere {
                guard (try session.store.load()) != nil else {
                    throw GQLPatchError(
                        .unauthorized,
                        "not signed in as '\(username)' to user pool \(app.poolID): nothing to sign out everywhere")
                }
                let tokens = try await session.tokens()
                try await session.signIn.globalSignOut(accessToken: tokens.accessToken)
                signedOut = true
            }
            fields.append(("removed", .bool(try session.store.delete())))
            if options.everywhere { fields.append(("signedOutEverywhere", .bool(signedOut))) }
        }
        let printer = JSONPrinter(pretty: global.pretty, console: run.context.console)
        try printer.print(.object(JSONObject(fields)), to: run.context.console)
        return .success
    }

    /// `2026-12-01T09:03:44Z`.
    static func timestamp(_ seconds: Int) -> String {
        Date(timeIntervalSince1970: Double(seconds)).formatted(.iso8601)
    }
}
