import GQLPatchSchema
import GQLPatchSupport

/// The document of one model subscription: `subscription { onUpdateItem { <selection> } }`, or with
/// a filter the service applies, `subscription($filter: ModelSubscriptionItemFilterInput) {
/// onUpdateItem(filter: $filter) {...} }` (the filter goes in the variables). Owner arguments of
/// `@auth` rules are not given: a subscription whose schema requires one is refused.
package enum SubscriptionDocument {
    /// `filtered` asks for the `filter` variable; the subscription must take a `filter` argument.
    package static func text(
        for subscription: ModelSubscription, model: Model, selection: SelectionSet, filtered: Bool = false
    ) throws(GQLPatchError) -> String {
        if let required = subscription.arguments.first(where: { $0.type.isNonNull }) {
            throw .invalidInput(
                "\(subscription.name) needs the argument \(required.name) (an owner or group argument of an @auth rule), which gqlpatch cannot give; subscribe to \(model.name) with a client that knows the owner"
            )
        }
        if filtered, let input = subscription.filterInput {
            return
                "subscription GqlpatchWatch($filter: \(input)) { \(subscription.name)(filter: $filter) \(selection.rendered) }"
        }
        return "subscription GqlpatchWatch { \(subscription.name) \(selection.rendered) }"
    }
}
