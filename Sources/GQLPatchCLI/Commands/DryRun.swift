import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSettings
import GQLPatchSupport
import HTTP
import JSON

/// The `--dry-run` plan: endpoint, auth mode, header names and each step's query and variables.
/// Secrets are never in it (header values are not shown at all).
package enum DryRun {
    /// Prints the plan of the requests the run would send on stdout, pretty or compact as the run asks.
    package static func print(_ planned: [PlannedRequest], settings: Settings, context: RunContext)
        throws(GQLPatchError)
    {
        try print(json: planned.map(\.json), settings: settings, context: context)
    }

    /// Prints the plan of `steps` (each a planned request, or one with more said around it).
    package static func print(json steps: [JSONValue], settings: Settings, context: RunContext) throws(GQLPatchError) {
        let document = plan(settings: settings, steps: steps)
        try JSONPrinter(pretty: settings.pretty, console: context.console).print(document, to: context.console)
    }

    package static func plan(settings: Settings, steps: [JSONValue]) -> JSONValue {
        let client = settings.client(over: NoTransport(), console: Console.discarding)
        let headerNames = (client.request(for: .null).headers.map(\.name) + settings.authorizer.headerNames)
            .map(JSONValue.string)
        return .object(
            JSONObject([
                ("dryRun", .bool(true)),
                ("endpoint", settings.endpoint.map { .string(Redactor.url($0)) } ?? .null),
                ("auth", .string(settings.authMode.rawValue)),
                ("credentials", .string(credentials(settings))),
                ("headers", .array(headerNames)),
                ("steps", .array(steps)),
            ]))
    }
}

extension DryRun {
    /// What the plan says of the credentials: a dry run never looks them up.
    package static func credentials(_ settings: Settings) -> String {
        guard settings.authorizer.sendsCredentials else { return "none" }
        if let identity = settings.identity {
            return
                "not looked up (would get \(identity.whose) credentials from Cognito identity pool \(identity.poolID))"
        }
        return settings.signInPlan.map { "not looked up (\($0); nothing was looked up or sent)" } ?? "not looked up"
    }

    /// The auth part of a dry run's summary on stderr (`apply`, `delete --cascade`).
    package static func authNote(_ settings: Settings) -> String {
        "auth \(settings.authMode.rawValue), credentials \(credentials(settings))"
    }
}

/// A transport that refuses to send: `--dry-run` builds requests but never sends them.
package struct NoTransport: HTTPTransport {
    package init() {}

    package func send(_ request: HTTPRequest, timeout: Double) async throws(GQLPatchError) -> HTTPResponse {
        throw GQLPatchError(.configuration, "internal error: --dry-run tried to send a request")
    }
}
