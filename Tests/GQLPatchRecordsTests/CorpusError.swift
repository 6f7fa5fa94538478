/// A corpus folder that cannot be read as a pair.
struct CorpusError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
