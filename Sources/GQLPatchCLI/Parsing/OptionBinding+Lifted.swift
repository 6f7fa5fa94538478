import GQLPatchSupport

extension OptionBinding {
    /// The same option (name, help, reading) storing into the part of a larger target at `path`: a
    /// command that takes another command's options as they are (`import` takes `apply`'s `-j`,
    /// `--rate`, `--journal`, ...) reuses their bindings instead of declaring them again.
    package func lifted<Outer>(_ path: WritableKeyPath<Outer, Target> & Sendable) -> OptionBinding<Outer> {
        let apply = self.apply
        return OptionBinding<Outer>(spec) { (outer, value, given) throws(GQLPatchError) in
            try apply(&outer[keyPath: path], value, given)
        }
    }
}

extension OptionBinding {
    /// The same option listed under `section` on one line with the others of `group` (see `OptionSpec.group`).
    package func grouped(_ section: String, _ group: String) -> Self {
        var copy = self
        copy.spec.section = section
        copy.spec.group = group
        return copy
    }
}
