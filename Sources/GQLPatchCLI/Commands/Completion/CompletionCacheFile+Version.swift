import GQLPatchCompletion
import GQLPatchSchema

/// The cache file of this build: written and trusted for its own version only (`Application.version`).
extension CompletionCacheFile {
    static func encode(
        _ source: CatalogueCompletionSource, selector: String, dependencies: [CompletionDependency]
    ) -> [UInt8]? {
        encode(source, selector: selector, dependencies: dependencies, version: Application.version)
    }

    init?(bytes: [UInt8], selector: String, stamp: (String) -> FileStamp? = FileStamp.current) {
        self.init(bytes: bytes, selector: selector, version: Application.version, stamp: stamp)
    }
}
