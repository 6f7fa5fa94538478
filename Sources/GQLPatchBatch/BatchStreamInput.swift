import GQLPatchSupport

/// A batch's lines from the read end of a pipe that its owner closes (`copy`: the export in the same
/// process writes them), instead of a file.
package struct BatchStreamInput: Sendable {
    package var descriptor: Int32
    /// The input in messages (`<copy>:12: error: ...`).
    package var name: String
    /// Called at the end of the data: throws the writer's error when it failed.
    package var endCheck: @Sendable () throws(GQLPatchError) -> Void

    package init(descriptor: Int32, name: String, endCheck: @escaping @Sendable () throws(GQLPatchError) -> Void) {
        self.descriptor = descriptor
        self.name = name
        self.endCheck = endCheck
    }
}
