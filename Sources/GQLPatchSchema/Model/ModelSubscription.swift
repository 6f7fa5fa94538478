/// One subscription of a model's changes (`onUpdateItem`): which mutation's results it carries, and
/// its arguments (Amplify v2's `filter: ModelSubscriptionItemFilterInput`, owner arguments of
/// `@auth` rules; none in v1 without them).
public struct ModelSubscription: Sendable, Equatable {
    /// The change it reports.
    public enum Event: String, Sendable, CaseIterable {
        case create, update, delete
    }

    public var event: Event
    public var name: String
    public var arguments: [OperationArgument]

    public init(event: Event, name: String, arguments: [OperationArgument] = []) {
        self.event = event
        self.name = name
        self.arguments = arguments
    }

    /// The `filter` argument's input type, when the subscription takes one.
    public var filterInput: String? { arguments.first { $0.name == "filter" }?.type.namedType }
}
