import GQLPatchClient
import JSON

/// What `RecordService.update` came to.
package enum UpdateOutcome: Sendable {
    /// Written. `response` is the mutation's whole answer (nil when a lost try turned out to have
    /// written it and `item` is the record as read); `before` is the record as read before the
    /// write, when it was read.
    case updated(item: JSONValue, response: GraphQLResponse?, before: JSONObject?)
    /// Nothing to change: the record already holds the values; `read` is the read's whole answer.
    case unchanged(record: JSONObject, read: GraphQLResponse)
}
