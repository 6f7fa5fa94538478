import GQLPatchSupport

/// One option of a command together with what giving it does: its `OptionSpec` (names, help,
/// completion) and how its value lands in the command's options. A command's table is a list of
/// these, so an option is declared in one place and no parser switches over option names.
package struct OptionBinding<Target>: Sendable {
    /// Stores a given option's value (`value` is "" for a flag); `given` is the name as typed
    /// (`-j` or `--concurrency`), for messages.
    package typealias Apply =
        @Sendable (_ target: inout Target, _ value: String, _ given: String) throws(GQLPatchError) -> Void

    package var spec: OptionSpec
    package var apply: Apply

    package init(_ spec: OptionSpec, apply: @escaping Apply) {
        self.spec = spec
        self.apply = apply
    }

    /// Applies each of `options` through the binding that declares it. The parser only hands over
    /// options the command's table declares, so each finds its binding.
    package static func apply(_ table: [Self], _ options: [ParsedOption], to target: inout Target)
        throws(GQLPatchError)
    {
        for option in options {
            guard let binding = table.first(where: { $0.spec.names.contains(option.name) }) else {
                throw .usage("unknown option '\(option.name)'")
            }
            try binding.apply(&target, option.value ?? "", option.name)
        }
    }
}
