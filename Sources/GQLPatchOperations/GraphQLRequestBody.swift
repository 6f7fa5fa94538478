import JSON

/// One GraphQL request as sent over HTTP.
public struct GraphQLRequestBody: Sendable, Equatable {
    public var query: String
    public var variables: JSONObject
    public var operationName: String?

    public init(query: String, variables: JSONObject, operationName: String? = nil) {
        self.query = query
        self.variables = variables
        self.operationName = operationName
    }

    /// `{"query": ..., "variables": {...}}`, plus `"operationName"` when set.
    public func json() -> JSONValue {
        var body = JSONObject([("query", .string(query)), ("variables", .object(variables))])
        if let operationName { body["operationName"] = .string(operationName) }
        return .object(body)
    }
}
