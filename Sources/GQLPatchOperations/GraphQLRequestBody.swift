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

    /// The bytes of `json()`, written without building it: a batch encodes one body per record.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(query.utf8.count + 64 * variables.count + 64)
        bytes.append(contentsOf: #"{"query":"#.utf8)
        JSONValue.string(query).write(to: &bytes, pretty: false)
        bytes.append(contentsOf: #","variables":"#.utf8)
        JSONValue.object(variables).write(to: &bytes, pretty: false)
        if let operationName {
            bytes.append(contentsOf: #","operationName":"#.utf8)
            JSONValue.string(operationName).write(to: &bytes, pretty: false)
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}
