import GQLPatchSchema

/// The loaded schema answering completion directly (no cache, or a cold cache): the catalogue's
/// models and enums, and the custom operations read beside it (the catalogue holds models only),
/// read only when asked for (a Tab after another command never parses them).
public struct CatalogueCompletionSource: CompletionSource {
    public var catalogue: ModelCatalogue
    private let readOperations: @Sendable () -> [CompletionOperation]

    public init(
        catalogue: ModelCatalogue, operations: @escaping @Sendable () -> [CompletionOperation] = { [] }
    ) {
        self.catalogue = catalogue
        readOperations = operations
    }

    /// The custom operations, in schema order.
    public var operations: [CompletionOperation] { readOperations() }

    public var modelNames: [String] { catalogue.modelNames }

    public func completionModel(named name: String) -> CompletionModel? {
        catalogue.models[name].map(CompletionModel.init)
    }

    public func enumValues(of type: String) -> [String]? {
        catalogue.enums[type]
    }

    public var operationNames: [String] { operations.map(\.name) }

    public func completionOperation(named name: String) -> CompletionOperation? {
        operations.first { $0.name == name }
    }
}
