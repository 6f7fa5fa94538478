/// `--sort asc|desc`: the order of the sort key under a partition-key query.
public enum SortOrder: String, Sendable, CaseIterable {
    case asc, desc
}
