/// What a command needs from a catalogue: the models it names. A compiled schema is then read only
/// as far as those models need (see `CatalogueLoader.load`).
public struct CatalogueFocus: Sendable, Hashable {
    /// The models the command works on (names the schema does not have are ignored).
    public var models: Set<String>
    /// Also read every model reachable through relationship fields, not only the directly related
    /// ones (`delete --cascade` follows relationships all the way down).
    public var followsRelationsTransitively: Bool

    public init(models: Set<String>, followsRelationsTransitively: Bool = false) {
        self.models = models
        self.followsRelationsTransitively = followsRelationsTransitively
    }
}
