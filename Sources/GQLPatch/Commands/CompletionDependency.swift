/// A file the completion cache's answer depended on (its content, or that it was absent), with its
/// stamp taken before the loader looked at it.
struct CompletionDependency: Sendable, Equatable {
    var path: String
    var stamp: FileStamp
}
