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

    /// A failed `condition` or a missing record (matched by suffix: seen with and without `DynamoDB:`).
    public var isConditionalCheckFailed: Bool { errorType?.hasSuffix("ConditionalCheckFailedException") ?? false }

    /// `Unauthorized`, `UnauthorizedException`, field-level `Unauthorized on [...]`.
    public var isUnauthorized: Bool { errorType?.contains("Unauthorized") ?? false }

    /// `errorType: message`, or the message alone.
    public var summary: String {
        if let errorType { return "\(errorType): \(message)" }
        return message
    }
}
