import GQLPatchSupport
import JSON

/// A parsed GraphQL response: `data`, `errors`, and the whole body for `--output envelope`.
public struct GraphQLResponse: Sendable {
    public var data: JSONValue?
    public var errors: [GraphQLErrorItem]
    public var envelope: JSONValue

    public init(data: JSONValue?, errors: [GraphQLErrorItem], envelope: JSONValue) {
        self.data = data
        self.errors = errors
        self.envelope = envelope
    }

    /// `data.<field>` when present and not null.
    public func field(_ name: String) -> JSONValue? {
        guard let value = data?[name], !value.isNull else { return nil }
        return value
    }

    /// The exit code and message for the errors (nil when there are none):
    /// throttling (after the sender's tries) -> 75, Unauthorized -> 77, conflict or failed condition
    /// -> 2, anything else -> 1.
    public var failure: GQLPatchError? {
        guard let first = errors.first else { return nil }
        let text = errors.map(\.located).joined(separator: "; ")
        if errors.contains(where: \.isThrottling) { return GQLPatchError(.throttled, "throttled: \(text)") }
        if errors.contains(where: \.isUnauthorized) { return GQLPatchError(.unauthorized, "not authorized: \(text)") }
        if first.isConflict || first.isConditionalCheckFailed { return GQLPatchError(.conflict, text) }
        return GQLPatchError(.graphQLError, "the server answered with errors: \(text)")
    }
}
