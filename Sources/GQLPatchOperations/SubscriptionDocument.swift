import GQLPatchSchema
import GQLPatchSupport

/// The document of one model subscription: `subscription { onUpdateItem { <selection> } }`. The
/// events are filtered by the client (the `filter` argument of Amplify v2's subscriptions is not
/// sent: its operators differ from the list filter's, and v1 has none), so no argument is given;
/// a subscription whose schema requires one (an owner argument of an `@auth` rule) is refused.
package enum SubscriptionDocument {
    package static func text(for subscription: ModelSubscription, model: Model, selection: SelectionSet)
        throws(GQLPatchError) -> String
    {
        if let required = subscription.arguments.first(where: { $0.type.isNonNull }) {
            throw .invalidInput(
                "\(subscription.name) needs the argument \(required.name) (an owner or group argument of an @auth rule), which gqlpatch cannot give; subscribe to \(model.name) with a client that knows the owner"
            )
        }
        return "subscription GqlpatchWatch { \(subscription.name) \(selection.rendered) }"
    }
}
