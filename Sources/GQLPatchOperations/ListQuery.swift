import GQLPatchSchema
import JSON

/// What a listing sends: the query field (the model's list query, or a secondary index's query), the
/// arguments that field declares, the values for them, and the notes the caller shows on stderr (a
/// scan that an index could have served, or why none could).
public struct ListQuery: Sendable {
    /// The root query field: `listRecipeSteps`, `childrenByParent`.
    public var field: String
    /// The field's arguments as the schema declares them (their types declare the variables).
    public var declared: [OperationArgument]
    /// The argument values; `nextToken` is added page by page.
    public var arguments: JSONObject
    /// The secondary index queried, nil for the model's own list query.
    public var index: String?
    /// Messages for the user about how the listing reads the table, without a `gqlpatch:` prefix.
    public var notes: [String]

    package init(
        field: String, declared: [OperationArgument], arguments: JSONObject, index: String? = nil, notes: [String] = []
    ) {
        self.field = field
        self.declared = declared
        self.arguments = arguments
        self.index = index
        self.notes = notes
    }
}
