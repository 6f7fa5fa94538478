/// One way two readings of an API disagree, and whether the compiled schema's age explains it.
struct CatalogueDifference: Sendable, CustomStringConvertible {
    var text: String
    /// The compiled schema comes from a transformer before mid-2020, which did not generate what this
    /// is about (`createdAt`/`updatedAt`, the mutations' `condition` argument and its input).
    var oldCompiler: Bool = false
    var description: String { text }
}
