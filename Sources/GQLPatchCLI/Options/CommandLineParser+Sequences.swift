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

    /// `--journal PATH` / `--resume JOURNAL`: a file path.
    package static func sequenceJournal(_ text: String, option: String) throws(GQLPatchError) -> String {
        guard !text.isEmpty, text != "-" else { throw .usage("\(option) expects a file path, got '\(text)'") }
        return text
    }
}
