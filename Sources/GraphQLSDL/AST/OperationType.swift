/// `query`, `mutation` or `subscription`.
public enum OperationType: String, Sendable, Hashable {
    case query, mutation, subscription
}
