/// A file the completion cache's answer depended on (its content, or that it was absent), with its
/// stamp taken before the loader looked at it.
package struct CompletionDependency: Sendable, Equatable {
    package var path: String
    package var stamp: FileStamp

    package init(path: String, stamp: FileStamp) {
        self.path = path
        self.stamp = stamp
    }
}
