import GQLPatchOperations
import GQLPatchSchema

/// `gqlpatch watch <Model>`: follow a model's changes as JSON Lines.
public struct WatchOptions: Sendable {
    public var model: String
    /// The changes followed (`--on`); nil: every one the API has.
    public var events: [ModelSubscription.Event]?
    /// `--where` tests an event's record must pass (AND).
    public var conditions: [FieldTest] = []
    /// `--select`: the fields printed.
    public var select: [String]?
    /// `--count N`: stop after N events.
    public var count: Int?
    /// `--timeout DURATION` in seconds: stop then (exit 124).
    public var timeout: Double?
    /// `--realtime-endpoint URL`: the real-time endpoint, when it cannot be derived.
    public var realtimeEndpoint: String?
    /// Whether Ctrl-C is caught (the real process only).
    package var catchesInterrupt = false

    public init(model: String) {
        self.model = model
    }
}
