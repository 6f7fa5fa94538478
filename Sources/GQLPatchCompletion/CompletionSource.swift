/// What `CompletionCandidates` reads from a schema: the model names, one model's key and fields, an
/// enum's values, and the custom operations with their arguments. The loaded schema provides it
/// (`CatalogueCompletionSource`), and so does the completion cache (`CompletionCacheFile`), so both
/// give the same candidates through one piece of logic.
public protocol CompletionSource {
    /// Every model name, in schema order.
    var modelNames: [String] { get }
    /// The model called `name`; nil when there is none.
    func completionModel(named name: String) -> CompletionModel?
    /// The values of the enum type `type`, in declared order; nil when there is no such enum.
    func enumValues(of type: String) -> [String]?
    /// Every custom query and mutation (`call`), in schema order.
    var operationNames: [String] { get }
    /// The custom operation called `name`; nil when there is none.
    func completionOperation(named name: String) -> CompletionOperation?
}
