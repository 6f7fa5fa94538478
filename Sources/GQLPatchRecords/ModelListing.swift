import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// `list`'s read of a model through its list query (or an index's), page by page to the end or to
/// `limit` records: each page's records projected onto the selection, soft-deleted ones left out
/// unless `includeDeleted`, and each record the server reported an error for set apart with the
/// error (unless `strict`, where any error refuses the page): a field an error nulled would read
/// as a real null, and a backfill would overwrite the value it hides.
package struct ModelListing: Sendable {
    /// A record of the page the server reported an error for.
    package struct Failure: Sendable {
        /// The error's path as text (`listItems.items.3.name`).
        package var path: String
        /// Which record: `page 2, Item id=3` (or `page 2` when the page holds no record there).
        package var place: String
        package var error: GraphQLErrorItem
        /// The record without what its errors nulled; only on the first error of a record.
        package var partial: JSONObject?
    }

    /// One page, ready to print.
    package struct Page: Sendable {
        package var number: Int
        package var response: GraphQLResponse
        package var records: [JSONObject]
        package var failures: [Failure]
        /// Where to go on from after this page; nil when the listing ended (or reached its limit).
        package var nextToken: String?
    }

    package var model: Model
    /// The query field, its declared arguments and their values.
    package var query: ListQuery
    /// What is printed, and what is asked for (the printed fields and those the read needs).
    package var selection: SelectionSet
    package var fetchSelection: SelectionSet
    package var strict = false
    package var includeDeleted = false
    package var limit: Int?

    package init(model: Model, query: ListQuery, selection: SelectionSet, fetchSelection: SelectionSet) {
        self.model = model
        self.query = query
        self.selection = selection
        self.fetchSelection = fetchSelection
    }

    /// The request for the page `token` names (nil: the first page).
    package func request(token: String?) throws(GQLPatchError) -> GraphQLRequestBody {
        var query = query
        if let token { query.arguments["nextToken"] = .string(token) }
        return try DocumentBuilder().listQuery(model: model, selection: fetchSelection, query: query)
    }

    /// Hands each page to `deliver` from `token`; the number of records the server reported errors for.
    package func run(
        from token: String?, sender: RetryingSender,
        rejected: @escaping @Sendable (GraphQLResponse) throws(GQLPatchError) -> Void,
        deliver: (Page) throws(GQLPatchError) -> Void
    ) async throws(GQLPatchError) -> Int {
        let listing = self
        let reader = ConnectionReader(
            path: [query.field], sender: sender, itemErrors: !strict, rejected: rejected,
            request: { (token) throws(GQLPatchError) in try listing.request(token: token) })
        var kept = 0
        var failed = 0
        try await reader.run(from: token) { (page) throws(GQLPatchError) -> Bool in
            var shaped = Page(
                number: page.number, response: page.response, records: [], failures: failures(of: page),
                nextToken: page.nextToken)
            let failedItems = Set(page.itemErrors.map(\.index))
            failed += failedItems.count
            for (index, item) in page.items.enumerated() {
                guard let record = item.objectValue, !failedItems.contains(index) else { continue }
                if record["_deleted"] == .bool(true), !includeDeleted { continue }
                shaped.records.append(SelectionProjection.project(record, onto: selection))
                kept += 1
                if let limit, kept >= limit {
                    shaped.nextToken = nil
                    try deliver(shaped)
                    return false
                }
            }
            try deliver(shaped)
            return true
        }
        return failed
    }

    /// The page's item errors, each with its record's place and (on a record's first) what is left of it.
    private func failures(of page: ConnectionReader.Page) -> [Failure] {
        var failures: [Failure] = []
        var seen = Set<Int>()
        for itemError in page.itemErrors {
            let index = itemError.index
            let record = page.items.indices.contains(index) ? page.items[index].objectValue : nil
            var partial: JSONObject?
            if let record, !seen.contains(index) {
                var left = SelectionProjection.project(record, onto: selection)
                for other in page.itemErrors where other.index == index { left = other.removing(from: left) }
                partial = left
            }
            seen.insert(index)
            let place = record.map { "page \(page.number), \(describe($0, index: index))" } ?? "page \(page.number)"
            failures.append(Failure(path: itemError.path, place: place, error: itemError.error, partial: partial))
        }
        return failures
    }

    /// `Item id=3`, `RecipeStep recipeID=r1 rowID=2`: the record by its key; by its place in the page
    /// (`Order item 0`) when the answer does not hold the whole key.
    private func describe(_ record: JSONObject, index: Int) -> String {
        var key = JSONObject()
        for name in model.primaryKey {
            guard let value = record[name], !value.isNull else { return "\(model.name) item \(index)" }
            key[name] = value
        }
        return ModelLookup.describe(model: model, key: key)
    }
}
