import JSON

/// One entry of a GraphQL response's `errors`, with AppSync's extra keys (`errorType`, `errorInfo`, `data`).
public struct GraphQLErrorItem: Sendable {
    public var message: String
    public var errorType: String?
    /// The server item AppSync attaches to some errors (`ConflictUnhandled`); nil when absent or null.
    public var data: JSONValue?
    public var raw: JSONValue

    public init(_ raw: JSONValue) {
        self.raw = raw
        self.message = raw["message"]?.stringValue ?? "(no message)"
        self.errorType = raw["errorType"]?.stringValue ?? raw["extensions"]?["errorType"]?.stringValue
        let data = raw["data"] ?? raw["extensions"]?["data"]
        self.data = (data?.isNull ?? true) ? nil : data
    }

    /// A version conflict the handler rejected.
    public var isConflict: Bool { errorType == "ConflictUnhandled" }

    /// A failed `condition` or a missing record (matched by suffix: seen with and without `DynamoDB:`;
    /// a JavaScript resolver's comes with `errorType` null and DynamoDB's message, as published in
    /// aws-appsync-community#343).
    public var isConditionalCheckFailed: Bool {
        (errorType?.hasSuffix("ConditionalCheckFailedException") ?? false)
            || (errorType == nil && message.hasPrefix("The conditional request failed"))
    }

    /// `Unauthorized`, `UnauthorizedException`, field-level `Unauthorized on [...]`, and a field the
    /// caller may not read, which AppSync reports as "Not Authorized to access description on type
    /// Item" with `errorType` null.
    public var isUnauthorized: Bool {
        (errorType?.contains("Unauthorized") ?? false) || message.hasPrefix("Not Authorized to access")
    }

    /// `getItem.description` for an error about a field inside a root field's value; nil for one
    /// about a root field as a whole or without a path.
    public var innerPath: String? {
        guard let path = raw["path"]?.arrayValue, path.count > 1 else { return nil }
        return path.map { $0.stringValue ?? $0.intValue.map(String.init) ?? "?" }.joined(separator: ".")
    }

    /// Throttling reported inside a 200 (DynamoDB's `ProvisionedThroughputExceededException`,
    /// `ThrottlingException`, `RequestLimitExceeded`, `TooManyRequestsException`, with or without
    /// `DynamoDB:`): the operation did not run, so it may be sent again.
    /// An on-demand table's throttling may come as `DynamoDB:DynamoDbException` with DynamoDB's
    /// message, so the message is read too.
    public var isThrottling: Bool {
        if message.hasPrefix("Throughput exceeds the current capacity")
            || message.hasPrefix("The level of configured provisioned throughput")
        {
            return true
        }
        guard let type = errorType else { return false }
        return type.contains("ProvisionedThroughputExceeded") || type.contains("Throttling")
            || type.contains("RequestLimitExceeded") || type.contains("TooManyRequests")
    }

    /// An error that can come after the resolver wrote: a mapping template's (the response template
    /// runs after DynamoDB did) or a Lambda resolver's. A write answered with one may have happened.
    public var mayFollowAWrite: Bool {
        guard let type = errorType else { return false }
        return type == "MappingTemplate" || type.hasPrefix("Lambda:")
    }

    /// `errorType: message`, or the message alone.
    public var summary: String {
        if let errorType { return "\(errorType): \(message)" }
        return message
    }

    /// `summary`, with the field it is about when it is inside a record (`... (at getItem.description)`).
    public var located: String {
        innerPath.map { "\(summary) (at \($0))" } ?? summary
    }
}
