import JSON

/// What the service's error objects on the real-time endpoint mean for the client, read by their
/// `errorType` and `errorCode` as the official clients read them (../shared/reference/appsync.md
/// §9.4): amplify-js's `NON_RETRYABLE_CODES` and `NON_RETRYABLE_ERROR_TYPES` for a connect, its
/// re-authentication on a token refusal after subscribing, and iOS's `limitExceeded` for the
/// subscribe rate and the subscriptions-per-connection quota.
package enum RealtimeErrorKind: Sendable, Equatable {
    /// `LimitExceededError`: subscriptions started faster than the service allows; a later try may pass.
    case rateLimited
    /// `MaxSubscriptionsReachedError` (older APIs: `...Exception`): the connection's quota is used up.
    case subscriptionLimit
    /// The credentials were refused or have expired (`UnauthorizedException`, `Unauthorized`,
    /// `NotAuthorizedException`, a message saying `Token expired`, or `errorCode` 401/403).
    case credentials
    /// `BadRequestException` or `errorCode` 400: the request itself is wrong; trying again cannot help.
    case badRequest
    /// Anything else (an internal failure, a type this client does not know).
    case other

    /// The kind of a set of error objects: the first that says something, most telling first.
    package static func of(_ errors: [JSONValue]) -> RealtimeErrorKind {
        let kinds = errors.map(kind(of:))
        for kind in [RealtimeErrorKind.credentials, .badRequest, .subscriptionLimit, .rateLimited]
        where kinds.contains(kind) {
            return kind
        }
        return .other
    }

    private static func kind(of error: JSONValue) -> RealtimeErrorKind {
        let type = error["errorType"]?.stringValue ?? ""
        let message = error["message"]?.stringValue ?? ""
        let code = error["errorCode"]?.intValue
        if ["UnauthorizedException", "Unauthorized", "NotAuthorizedException"].contains(type)
            || message.contains("Token expired") || code == 401 || code == 403
        {
            return .credentials
        }
        if type == "BadRequestException" || code == 400 { return .badRequest }
        if type.hasPrefix("MaxSubscriptionsReached") { return .subscriptionLimit }
        if type == "LimitExceededError" || type == "LimitExceededException" { return .rateLimited }
        return .other
    }
}
