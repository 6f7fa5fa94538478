import GQLPatchSchema

/// The catalogue answers completion directly (no cache, or a cold cache).
extension ModelCatalogue: CompletionSource {
    public func completionModel(named name: String) -> CompletionModel? {
        models[name].map(CompletionModel.init)
    }

    public func enumValues(of type: String) -> [String]? {
        enums[type]
    }
}
