/// Options several commands declare alike.
extension OptionSpec {
    /// `--id VALUE` of `get`, `update`, `delete`.
    package static let id = OptionSpec.value(
        "--id", "VALUE", "the primary key when it is one field, whatever its name", section: "Key")
    /// `--key FIELD=VALUE` of `get`, `update`, `delete`.
    package static let key = OptionSpec.value(
        "--key", "FIELD=VALUE", "one primary-key field; repeat for composite keys", repeats: true, section: "Key")
    /// `--expect-version N` of `update` and `delete`.
    package static func expectVersion(section: String = "Options") -> OptionSpec {
        .value("--expect-version", "N", "only if the record's _version is N", section: section)
    }
    /// `--select FIELD,...`, with the command's own help line.
    package static func select(_ help: String, section: String = "Options") -> OptionSpec {
        .value("--select", "FIELD,...", help, repeats: true, section: section)
    }
}
