/// The order of the sort key under a partition-key query, ascending or descending.
public enum SortOrder: String, Sendable, CaseIterable {
    case asc, desc
}
