import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

/// A sequence: one parent's records of a model, ordered by an `Int` field that a key sorts, and the
/// query that reads them (never a scan). The key is either the primary key, whose only sort-key field
/// is the number (`@primaryKey(sortKeyFields: ["rowID"])`, v1 `@key(fields: ["recipeID", "rowID"])`:
/// the number is part of each record's key), or a secondary index with a query whose only sort-key
/// field is the number (`@index(name: "byRecipe", sortKeyFields: ["position"])` on a model keyed by
/// `id`: the number is a plain field). The parent is the key's partition key and its value.
///
/// Made by `resolve(model:parent:orderField:...)` (every check, exit 65 for input that does not fit);
/// pure: it sends nothing. `query(order:condition:limit:)` gives the `ListQuery` to send
/// (`DocumentBuilder.listQuery`), which `SequenceReader` (GQLPatchRecords) pages through.
package struct SequenceDescription: Sendable {
    /// Which key sorts the sequence.
    package enum Source: Sendable, Equatable {
        /// The primary key's sort key: moving a record to another number is a create at the new key
        /// (with the record's data) and a delete of the old one.
        case primaryKey
        /// A secondary index, by its name: the number is a plain field, moved by an update.
        case index(String)
    }

    /// A key condition on the number, as the query's `Model*KeyConditionInput` takes it.
    package enum NumberCondition: Sendable, Equatable {
        case eq(Int)
        case lt(Int)
        case le(Int)
        case gt(Int)
        case ge(Int)
        /// Both bounds included.
        case between(Int, Int)

        /// `{"ge": 3}`, `{"between": [3, 7]}`.
        package var json: JSONValue {
            switch self {
            case .eq(let n): return .object(JSONObject([("eq", .int(n))]))
            case .lt(let n): return .object(JSONObject([("lt", .int(n))]))
            case .le(let n): return .object(JSONObject([("le", .int(n))]))
            case .gt(let n): return .object(JSONObject([("gt", .int(n))]))
            case .ge(let n): return .object(JSONObject([("ge", .int(n))]))
            case .between(let low, let high):
                return .object(JSONObject([("between", .array([.int(low), .int(high)]))]))
            }
        }
    }

    package var model: Model
    package var source: Source
    /// The parent: the key's partition key field and its value typed by the schema (`{"recipeID": "r1"}`).
    package var parent: JSONObject
    /// The `Int` field that numbers the records (`rowID`, `position`): the key's only sort-key field.
    package var orderField: String
    /// The query that reads one parent's records in order: the model's list query for the primary key
    /// (`listRecipeSteps`), the index's query otherwise (`recipeStepsByRecipeIDAndPosition`).
    package var queryField: String
    /// That query's arguments as the schema declares them.
    package var declared: [OperationArgument]
    /// The query's argument that takes the key condition on the number (`rowID`, `position`).
    package var conditionArgument: String

    package init(
        model: Model, source: Source, parent: JSONObject, orderField: String, queryField: String,
        declared: [OperationArgument], conditionArgument: String
    ) {
        self.model = model
        self.source = source
        self.parent = parent
        self.orderField = orderField
        self.queryField = queryField
        self.declared = declared
        self.conditionArgument = conditionArgument
    }

    /// True when the number is part of the primary key (a move is a create and a delete), false
    /// when it is a plain field that an index sorts (a move is an update).
    package var numberIsInKey: Bool { source == .primaryKey }

    /// The partition key field that names the parent (`recipeID`).
    package var parentField: String { parent.keys.first ?? "" }

    /// The query for the parent's records in `order`, optionally only those whose number meets
    /// `condition`, `limit` a page (nil: the server's default). `nextToken` is the reader's to add.
    /// No filter is ever sent: `limit` then counts exactly the records returned, so a descending
    /// query with limit 1 is the largest number.
    package func query(order: SortOrder = .asc, condition: NumberCondition? = nil, limit: Int? = nil) -> ListQuery {
        var arguments = parent
        if let condition { arguments[conditionArgument] = condition.json }
        arguments["sortDirection"] = .string(order == .asc ? "ASC" : "DESC")
        if let limit { arguments["limit"] = .int(limit) }
        return ListQuery(
            field: queryField, declared: declared, arguments: arguments,
            index: { if case .index(let name) = source { return name } else { return nil } }())
    }

    /// The record's number; nil when it holds no `Int` there.
    package func number(of record: JSONObject) -> Int? {
        record[orderField]?.intValue
    }

    /// The record's primary key, in key order; nil when a key field is missing or null.
    package func key(of record: JSONObject) -> JSONObject? {
        var key = JSONObject()
        for name in model.primaryKey {
            guard let value = record[name], !value.isNull else { return nil }
            key[name] = value
        }
        return key
    }

    /// The primary key a record would have at `number` (primary-key form: the parent plus the
    /// number); nil for the index form, whose key does not hold the number.
    package func key(at number: Int) -> JSONObject? {
        guard numberIsInKey else { return nil }
        var key = parent
        key[orderField] = .int(number)
        return key
    }

    /// `RecipeStep recipeID=r1`, for messages.
    package var parentName: String {
        let parts = parent.map { pair -> String in
            if case .string(let text) = pair.value { return "\(pair.key)=\(text)" }
            return "\(pair.key)=\(pair.value.serialized())"
        }
        return ([model.name] + parts).joined(separator: " ")
    }
}
