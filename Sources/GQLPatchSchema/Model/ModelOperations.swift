import GraphQLSDL

/// The names the API uses for one model's operations and inputs (`getItem`, `UpdateItemInput`, ...),
/// and the arguments of its key-based queries. `nil` where the API has no such operation.
public struct ModelOperations: Sendable {
    public var get: String?
    public var list: String?
    public var sync: String?
    public var create: String?
    public var update: String?
    public var delete: String?
    public var createInput: String?
    public var updateInput: String?
    public var deleteInput: String?
    public var conditionInput: String?
    public var filterInput: String?
    /// Arguments of `get`, one per primary-key field, in key order (`id: ID!`).
    public var getArguments: [OperationArgument]
    /// Arguments of `list` (`filter`, `limit`, `nextToken`, and for `@primaryKey` models the
    /// partition key, the sort-key condition and `sortDirection`), in schema order.
    public var listArguments: [OperationArgument]
    /// The subscriptions of its changes, in schema order (none when the API has no Subscription type,
    /// or the model turned them off).
    public var subscriptions: [ModelSubscription] = []

    /// The subscription of `event`, when the API has one.
    public func subscription(_ event: ModelSubscription.Event) -> ModelSubscription? {
        subscriptions.first { $0.event == event }
    }

    public init(
        get: String? = nil, list: String? = nil, sync: String? = nil, create: String? = nil, update: String? = nil,
        delete: String? = nil, createInput: String? = nil, updateInput: String? = nil, deleteInput: String? = nil,
        conditionInput: String? = nil, filterInput: String? = nil, getArguments: [OperationArgument] = [],
        listArguments: [OperationArgument] = []
    ) {
        self.get = get
        self.list = list
        self.sync = sync
        self.create = create
        self.update = update
        self.delete = delete
        self.createInput = createInput
        self.updateInput = updateInput
        self.deleteInput = deleteInput
        self.conditionInput = conditionInput
        self.filterInput = filterInput
        self.getArguments = getArguments
        self.listArguments = listArguments
    }
}
