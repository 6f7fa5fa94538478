import GQLPatchSchema
import GQLPatchSupport

/// The document of one model subscription: `subscription { onUpdateItem { <selection> } }`, or with
/// a filter the service applies, `subscription($filter: ModelSubscriptionItemFilterInput) {
/// onUpdateItem(filter: $filter) {...} }` (the filter goes in the variables). A v1 schema's owner
/// arguments (`onCreatePost(owner: String!)`: the v1 auth transformer makes each owner field of an
/// owner rule a required subscription argument, amplify-cli#5388) become variables the caller's own
/// name fills (`callerArguments`): the service delivers only that owner's records. Any other
/// required argument is refused.
package enum SubscriptionDocument {
    /// The document, and the variables that take the caller's name.
    package struct Text: Sendable, Equatable {
        package var query: String
        package var callerArguments: [String]
    }

    /// `filtered` asks for the `filter` variable; the subscription must take a `filter` argument.
    package static func text(
        for subscription: ModelSubscription, model: Model, selection: SelectionSet, filtered: Bool = false
    ) throws(GQLPatchError) -> Text {
        let required = subscription.arguments.filter { $0.type.isNonNull }
        if let other = required.first(where: { $0.type.namedType != "String" || $0.type.nullable != .named("String") })
        {
            throw .invalidInput(
                "\(subscription.name) needs the argument \(other.name) (\(other.type)), which gqlpatch cannot give; subscribe to \(model.name) with a client that knows its value"
            )
        }
        var variables = required.map { "$\($0.name): String!" }
        var arguments = required.map { "\($0.name): $\($0.name)" }
        if filtered, let input = subscription.filterInput {
            variables.append("$filter: \(input)")
            arguments.append("filter: $filter")
        }
        let declared = variables.isEmpty ? "" : "(\(variables.joined(separator: ", ")))"
        let given = arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))"
        return Text(
            query: "subscription GqlpatchWatch\(declared) { \(subscription.name)\(given) \(selection.rendered) }",
            callerArguments: required.map(\.name))
    }
}
