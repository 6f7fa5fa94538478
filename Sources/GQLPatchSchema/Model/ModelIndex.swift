/// A secondary index of a model: v2 `@index(name:, sortKeyFields:, queryField:)` or v1
/// `@key(name:, fields:, queryField:)`, or an index query read from a compiled schema.
public struct ModelIndex: Sendable, Equatable {
    /// The index's name (`byParent`); for an index found only from a compiled schema's query, the query's name.
    public var name: String
    /// The query that reads the index (`childrenByParent`, `listItemsByCategory`); `nil` when the schema
    /// generates none (an `@index` or `@key` without `queryField`), so only a scan can answer.
    public var queryField: String?
    /// The index's key: the partition key field, then its sort-key fields.
    public var keyFields: [String]
    /// The query's arguments in schema order (partition key, sort-key condition, `sortDirection`, `filter`,
    /// `limit`, `nextToken`); empty when there is no query.
    public var queryArguments: [OperationArgument]

    public init(name: String, queryField: String?, keyFields: [String], queryArguments: [OperationArgument] = []) {
        self.name = name
        self.queryField = queryField
        self.keyFields = keyFields
        self.queryArguments = queryArguments
    }
}
