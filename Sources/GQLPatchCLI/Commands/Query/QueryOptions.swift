import GQLPatchOperations

/// `gqlpatch query (DOCUMENT | @PATH | -) [--var NAME=VALUE | --var NAME:=JSON | --var NAME=@PATH]... [--operation NAME]`.
public struct QueryOptions: Sendable {
    /// Where the document comes from.
    public enum Source: Sendable, Hashable {
        /// The document text given as the argument.
        case inline(String)
        /// `@PATH`, or `-` for standard input.
        case file(String)
    }

    public var document: Source
    /// `--var` values in command-line order.
    public var variables: [FieldAssignment] = []
    /// `--operation NAME`: the operation to run when the document has several.
    public var operation: String?
    /// `--paginate`: follow the connection's `nextToken` through `$nextToken`, printing items as JSON Lines.
    public var paginate = false

    public init(document: Source) {
        self.document = document
    }
}
