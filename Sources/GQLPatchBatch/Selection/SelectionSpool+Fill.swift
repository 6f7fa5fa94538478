import GQLPatchClient
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension SelectionSpool {
    /// Reads every record `listing` picks (its selection: the key fields) into the spool, page by
    /// page to the end or to its limit, and seals it; `progress` hears the count after each page.
    /// Any record error refuses its page (`strict`): a record the server could not list is not one
    /// to write blind. A record whose key comes back incomplete is a bad answer.
    package func fill(
        from listing: ModelListing, sender: RetryingSender,
        rejected: @escaping @Sendable (GraphQLResponse) throws(GQLPatchError) -> Void,
        progress: (Int) -> Void
    ) async throws(GQLPatchError) {
        var listing = listing
        listing.strict = true
        let model = listing.model
        _ = try await listing.run(from: nil, sender: sender, rejected: rejected) { (page) throws(GQLPatchError) in
            for record in page.records { try append(try Self.key(of: record, model: model, page: page.number)) }
            progress(count)
        }
        try seal()
    }

    /// The record's primary key, in key order.
    static func key(of record: JSONObject, model: Model, page: Int) throws(GQLPatchError) -> JSONObject {
        var key = JSONObject()
        for name in model.primaryKey {
            guard let value = record[name], !value.isNull else {
                throw GQLPatchError(
                    .badResponse, "page \(page) of \(model.name) holds a record without its key field \(name)")
            }
            key[name] = value
        }
        return key
    }
}
