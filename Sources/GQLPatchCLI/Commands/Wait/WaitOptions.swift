import GQLPatchOperations

/// `gqlpatch wait <Model> <key> --until F=V`: wait until one record holds the values.
public struct WaitOptions: Sendable {
    public var model: String
    public var key: ChangeSetBuilder.Key
    /// `--until` conditions, every one to hold.
    public var until: [FieldAssignment] = []
    /// `--select`: the fields printed.
    public var select: [String]?
    /// `--timeout DURATION` in seconds: give up then (exit 124).
    public var timeout: Double?
    /// `--realtime-endpoint URL`: the real-time endpoint, when it cannot be derived.
    public var realtimeEndpoint: String?
    /// Whether Ctrl-C is caught (the real process only).
    package var catchesInterrupt = false

    public init(model: String, key: ChangeSetBuilder.Key) {
        self.model = model
        self.key = key
    }
}
