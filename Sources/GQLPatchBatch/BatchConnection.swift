import GQLPatchClient

/// What a batch sends through: a client over a transport made for many requests in flight, and that
/// transport's thread's executor (nil: the default executor).
package struct BatchConnection: Sendable {
    package var client: GraphQLClient
    package var executor: (any TaskExecutor)?

    package init(client: GraphQLClient, executor: (any TaskExecutor)?) {
        self.client = client
        self.executor = executor
    }
}
