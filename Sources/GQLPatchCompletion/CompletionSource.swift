/// What `CompletionCandidates` reads from a schema: the model names, one model's key and fields, and
/// an enum's values. The catalogue provides it (`ModelCatalogue+CompletionSource`), and so does the
/// completion cache (`CompletionCacheFile`), so both give the same candidates through one piece of logic.
public protocol CompletionSource {
    /// Every model name, in schema order.
    var modelNames: [String] { get }
    /// The model called `name`; nil when there is none.
    func completionModel(named name: String) -> CompletionModel?
    /// The values of the enum type `type`, in declared order; nil when there is no such enum.
    func enumValues(of type: String) -> [String]?
}
