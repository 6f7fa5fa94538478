import GQLPatchOperations
import GQLPatchSupport

/// A one-record command's options while they are read: the key's two forms (`--id`, `--key`) kept
/// apart until both are known, beside the rest. `options` starts with an empty key, which
/// `resolved(command:)` replaces with the checked one.
package struct KeyedOptions<Options: Sendable>: Sendable {
    package var id: String?
    package var keys: [FieldAssignment] = []
    package var options: Options

    package init(_ options: Options) {
        self.options = options
    }
}

extension KeyedOptions {
    /// The options with the key given, checked: one form only, at least one given.
    package func resolved(
        command: String, key keyPath: WritableKeyPath<Options, ChangeSetBuilder.Key>
    ) throws(GQLPatchError) -> Options {
        var resolved = options
        resolved[keyPath: keyPath] = try CommandLineParser.recordKey(id: id, keys: keys, command: command)
        return resolved
    }
}
