/// `gqlpatch copy [<Model>...] --from-OPTION V... --to-OPTION V... [export's --where, --mask, ...]
/// [import's --mode, --map-owner, --owner, -j, --rate, ...]`: export from one API into import into
/// another, each side with its own endpoint, schema and credentials.
public struct CopyOptions: Sendable {
    /// What is read from the source: the models and export's options.
    public var export = ExportOptions()
    /// How it is written into the target: import's options.
    public var `import` = ImportOptions()
    /// The source side's own global options, by their global names (`APISide`).
    public var from: [ParsedOption] = []
    /// The target side's.
    public var to: [ParsedOption] = []
    /// `--same-api`: the source and the target may be one API (records written back where they are).
    public var sameAPI = false

    public init() {}
}
