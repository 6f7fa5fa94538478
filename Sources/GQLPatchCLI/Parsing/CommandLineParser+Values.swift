import GQLPatchClient
import GQLPatchOperations
import GQLPatchSupport

/// The value readers the commands' option tables share: assignments, numbers, choices, field lists.
extension CommandLineParser {
    /// `FIELD=VALUE`, `FIELD:=JSON` or `FIELD=@PATH`.
    package static func assignment(_ text: String, option: String) throws(GQLPatchError) -> FieldAssignment {
        try pair(text, option: option, allowFile: true)
    }

    package static func pair(_ text: String, option: String, allowFile: Bool) throws(GQLPatchError) -> FieldAssignment {
        let forms = allowFile ? "FIELD=VALUE, FIELD:=JSON or FIELD=@PATH" : "FIELD=VALUE or FIELD:=JSON"
        guard let equals = text.firstIndex(of: "=") else {
            throw .usage("\(option) expects \(forms), got '\(text)'")
        }
        var field = String(text[..<equals])
        let rest = String(text[text.index(after: equals)...])
        let value: FieldAssignment.Value
        if field.hasSuffix(":") {
            field.removeLast()
            value = .json(rest)
        } else if allowFile, rest.hasPrefix("@") {
            let path = String(rest.dropFirst())
            guard !path.isEmpty else {
                throw .usage("\(option) \(field)=@ needs a file path (or @- for standard input)")
            }
            value = .file(path)
        } else {
            value = .text(rest)
        }
        guard FieldName.isValid(field) else {
            throw .usage("\(option) expects \(forms), got '\(text)' ('\(field)' is not a field name)")
        }
        return FieldAssignment(field: field, value: value)
    }

    /// `--expect-version N`: sent as `_version`, a GraphQL `Int`.
    package static func version(_ text: String) throws(GQLPatchError) -> Int {
        try wholeNumber(text, option: OptionName.expectVersion, in: NumericLimits.version)
    }

    /// A whole number in `range`, or a usage error giving the range (`--limit expects a whole number
    /// from 1 to 2147483647, got 'x'`), `unit` named after it (`of MB`).
    package static func wholeNumber(_ text: String, option: String, of unit: String? = nil, in range: ClosedRange<Int>)
        throws(GQLPatchError) -> Int
    {
        guard let number = Int(text), range.contains(number) else {
            let what = unit.map { "a whole number of \($0)" } ?? "a whole number"
            throw .usage("\(option) expects \(what) from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return number
    }

    /// One of a fixed set of values (an enumeration's raw values, as `OptionSpec.choice` lists them),
    /// or a usage error naming them: `--output expects record or envelope, got 'x'`.
    package static func choice<Choice: CaseIterable & RawRepresentable>(
        _ text: String, option: String, as _: Choice.Type
    ) throws(GQLPatchError) -> Choice where Choice.RawValue == String {
        if let choice = Choice(rawValue: text) { return choice }
        let values = Choice.allCases.map(\.rawValue)
        let expected =
            values.count > 3
            ? "one of \(values.joined(separator: ", "))"
            : "\(values.dropLast().joined(separator: ", ")) or \(values.last ?? "")"
        throw .usage("\(option) expects \(expected), got '\(text)'")
    }

    /// A finite number in `range` (`2.5`, `1e3`), or a usage error giving the range.
    package static func number(_ text: String, option: String, of unit: String, in range: ClosedRange<Double>)
        throws(GQLPatchError) -> Double
    {
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw .usage(
                "\(option) expects a number of \(unit) from \(NumericLimits.shown(range.lowerBound)) to \(NumericLimits.shown(range.upperBound)), got '\(text)'"
            )
        }
        return number
    }

    /// `a,b,c.d` for `--select`.
    package static func fieldList(_ text: String, option: String) throws(GQLPatchError) -> [String] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
        guard !names.contains(where: \.isEmpty) else {
            throw .usage("\(option) expects FIELD,FIELD,..., got '\(text)'")
        }
        return names
    }

    /// Standard input can feed one value only (`@-` or `--patch -`).
    package static func checkStandardInputReadOnce(_ assignments: [FieldAssignment], patch: String?)
        throws(GQLPatchError)
    {
        let readers = assignments.filter { $0.value == .file("-") }.count + (patch == "-" ? 1 : 0)
        if readers > 1 { throw .usage("standard input can be read only once (@- or --patch - given more than once)") }
    }
}
