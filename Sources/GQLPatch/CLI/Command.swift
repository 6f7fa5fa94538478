/// What the command line asks for.
public enum Command: Sendable {
    /// `--help`, `help`, or `<command> --help`; the topic is a command name or nil for the overview.
    case help(topic: String?)
    case version
    case update(UpdateOptions)
    case get(GetOptions)
    case create(CreateOptions)
    case delete(DeleteOptions)
    case list(ListOptions)
    case query(QueryOptions)
    case schema(SchemaOptions)
    case apply(ApplyOptions)
}
