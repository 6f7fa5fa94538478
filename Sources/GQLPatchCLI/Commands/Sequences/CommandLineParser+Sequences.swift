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
        let given = options.map(\.name).filter { $0 != OptionName.resume && $0 != OptionName.maxAttempts }
        if let other = given.first {
            throw .usage("--resume finishes \(what) its journal recorded: \(other) cannot be given with it")
        }
        if positionals.count > 1 { throw .usage("unexpected argument '\(positionals[1])'") }
        return positionals.first
    }

    /// `--journal PATH` / `--resume JOURNAL`: a file path.
    package static func sequenceJournal(_ text: String, option: String) throws(GQLPatchError) -> String {
        guard !text.isEmpty, text != "-" else { throw .usage("\(option) expects a file path, got '\(text)'") }
        return text
    }
}
