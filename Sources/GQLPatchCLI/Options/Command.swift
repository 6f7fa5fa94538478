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
    case completion(CompletionOptions)

    /// The command's name, as typed (`update`, `apply`, ...); nil for help and version.
    public var name: String? {
        switch self {
        case .help, .version: nil
        case .update: "update"
        case .get: "get"
        case .create: "create"
        case .delete: "delete"
        case .list: "list"
        case .query: "query"
        case .schema: "schema"
        case .apply: "apply"
        case .completion: "completion"
        }
    }
}
