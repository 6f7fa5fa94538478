/// `gqlpatch schema [<Model>]` and `gqlpatch schema pull`.
public struct SchemaOptions: Sendable {
    /// What to print.
    public enum Action: Sendable, Hashable {
        /// The whole catalogue as JSON.
        case catalogue
        /// One model of the catalogue as JSON.
        case model(String)
        /// The endpoint's schema, by introspection, as SDL.
        case pull
    }

    public var action: Action
    /// `--refresh`: ask AppSync's control plane again for an API named by its id (not its cache).
    public var refresh = false

    public init(action: Action) {
        self.action = action
    }
}
