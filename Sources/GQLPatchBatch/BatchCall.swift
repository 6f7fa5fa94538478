import GQLPatchOperations

/// One checked `{"op": "call"}` line of `apply` input: a custom query or mutation by name, its
/// arguments typed by the schema as `call --arg` types them, ready to send.
package struct BatchCall: Sendable {
    /// 1-based line number in the input.
    package var line: Int
    /// The operation's name (`publish`).
    package var operation: String
    /// A mutation: not sent twice unless the run says it is safe (`BatchRunPlan.idempotentCalls`).
    package var mutates: Bool
    package var request: GraphQLRequestBody
    /// As `BatchOperation.digest`.
    package var digest: String
    /// `--resume`: the journal has this call as being sent when the run stopped.
    package var inDoubt = false

    package init(line: Int, operation: String, mutates: Bool, request: GraphQLRequestBody, digest: String) {
        self.line = line
        self.operation = operation
        self.mutates = mutates
        self.request = request
        self.digest = digest
    }

    /// A call touches no record the run knows: each line is its own, so calls run side by side under
    /// `-j`, and a shard takes them by their line.
    package var identity: String { "call \(line)" }
}
