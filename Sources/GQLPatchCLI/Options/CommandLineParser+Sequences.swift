import GQLPatchSupport

/// Option helpers of `insert` and `renumber`.
extension CommandLineParser {
    /// `--at FIELD=N`: the field and a GraphQL `Int`.
    package static func sequenceNumber(_ text: String, option: String) throws(GQLPatchError) -> (String, Int) {
        guard let equals = text.firstIndex(of: "="), FieldName.isValid(String(text[..<equals])) else {
            throw .usage("\(option) expects FIELD=N (for example rowID=3), got '\(text)'")
        }
        let number = try wholeNumber(
            String(text[text.index(after: equals)...]), option: option, in: Int(Int32.min)...Int(Int32.max))
        return (String(text[..<equals]), number)
    }

    /// With `--resume`, only `--max-attempts` may come beside it, and at most the model: the model or
    /// nil (the journal's plan names it).
    package static func sequenceResume(_ options: [ParsedOption], _ positionals: [String], what: String)
        throws(GQLPatchError) -> String?
    {
        let given = options.map(\.name).filter { $0 != "--resume" && $0 != "--max-attempts" }
        if let other = given.first {
            throw .usage("--resume finishes \(what) its journal recorded: \(other) cannot be given with it")
        }
        if positionals.count > 1 { throw .usage("unexpected argument '\(positionals[1])'") }
        return positionals.first
    }

    /// `--journal`, `--resume` and `--max-attempts` of `insert` and `renumber`; other options are left alone.
    package static func sequenceRunOption(_ option: ParsedOption, into run: inout SequenceRunOptions)
        throws(GQLPatchError)
    {
        let value = option.value ?? ""
        switch option.name {
        case "--journal": run.journal = try sequenceJournal(value, option: option.name)
        case "--resume": run.resume = try sequenceJournal(value, option: option.name)
        case "--max-attempts":
            run.maxAttempts = try wholeNumber(value, option: option.name, in: NumericLimits.maxAttempts)
        default: break
        }
    }

    /// `--journal PATH` / `--resume JOURNAL`: a file path.
    package static func sequenceJournal(_ text: String, option: String) throws(GQLPatchError) -> String {
        guard !text.isEmpty, text != "-" else { throw .usage("\(option) expects a file path, got '\(text)'") }
        return text
    }
}
