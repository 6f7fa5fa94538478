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
    /// `--key FIELD=VALUE` of `insert` and `renumber`: the sequence's parent.
    package static let sequenceParent = OptionSpec.value(
        "--key", "FIELD=VALUE", "the parent: the partition key of the key that sorts the sequence",
        section: "Sequence")
    /// `--journal PATH` of `insert` and `renumber`.
    package static let sequenceJournal = OptionSpec.value(
        "--journal", "PATH",
        """
        journal the moves in PATH and write the plan to PATH.plan
        (default: a private temporary folder, named on stderr if the
        run stops part-way)
        """)
    /// `--resume JOURNAL` of `insert` and `renumber` (`the insert`, `the renumbering`).
    package static func sequenceResume(_ what: String) -> OptionSpec {
        .value("--resume", "JOURNAL", "finish \(what) that JOURNAL recorded (its plan beside it)")
    }
    /// `--max-attempts N` of `insert` and `renumber` (apply's own has a longer help).
    package static let sequenceMaxAttempts = OptionSpec.value(
        "--max-attempts", "N", "tries for connection failures, timeouts, HTTP 5xx and 429 (default 5)")
    /// `--select FIELD,...`, with the command's own help line.
    package static func select(_ help: String, section: String = "Options") -> OptionSpec {
        .value("--select", "FIELD,...", help, repeats: true, section: section)
    }
}
