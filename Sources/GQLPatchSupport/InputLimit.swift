/// The documented bound of one kind of input (README "Limits"), so that no read can grow without end:
/// `/dev/zero`, an endless pipe or a 10 GB file stop at the limit instead of filling memory.
public struct InputLimit: Sendable, Equatable {
    /// The most bytes the input may hold.
    public var maxBytes: Int
    /// What the input is, for the message past the limit ("a value file").
    public var name: String

    public init(maxBytes: Int, name: String) {
        self.maxBytes = maxBytes
        self.name = name
    }

    /// Files read whole whose content goes into a request or a header: a field's value, a patch object,
    /// a token, a listing's JSON filter, a query document, a query variable, and the AWS shared files
    /// and token files.
    /// A DynamoDB item holds at most 400 KB, so 16 MB is far above any real value.
    public static let valueFile = InputLimit(maxBytes: 16 << 20, name: "a value file")
    /// Schemas and configs: `--schema`, `GQLPATCH_SCHEMA`, `./schema.graphql`, `--config`,
    /// `amplify_outputs.json`, `amplifyconfiguration.json`, `transform.conf.json`. A 3,000-model compiled
    /// schema is 9.8 MB.
    public static let schemaFile = InputLimit(maxBytes: 128 << 20, name: "a schema or config file")
    /// One line of `apply` input or of a journal (the file itself is read a chunk at a time).
    public static let line = InputLimit(maxBytes: 16 << 20, name: "one line")
    /// A journal read on `--resume`: its entries are kept in memory.
    public static let journal = InputLimit(maxBytes: 4 << 30, name: "a journal")
    /// An undo log: the records as they were before a run's writes (appended to by later runs).
    public static let undoLog = InputLimit(maxBytes: 16 << 30, name: "an undo log")

    /// How long a FIFO named on the command line may have no writer before it is refused (exit 66).
    public static let writerWaitMilliseconds: Int32 = 1_000
    /// How long a pipe, FIFO or terminal read whole may send nothing before it is refused (exit 66).
    public static let idleMilliseconds: Int32 = 30_000

    /// The limit in words: "16 MB".
    public var sizeText: String {
        maxBytes >= 1 << 30 && maxBytes % (1 << 30) == 0 ? "\(maxBytes >> 30) GB" : "\(maxBytes >> 20) MB"
    }

    /// The error past the limit (exit 65).
    package func tooLarge(_ shown: String) -> GQLPatchError {
        .invalidInput("\(shown) is too large: over \(sizeText), the limit for \(name) (see README, Limits)")
    }
}
