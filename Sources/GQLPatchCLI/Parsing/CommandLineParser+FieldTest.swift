import GQLPatchOperations
import GQLPatchSupport

extension CommandLineParser {
    /// `--where`'s forms: `F=V`, `F:=JSON`, `F>V`, `F>=V`, `F<V`, `F<=V`, `F^=V` (begins with) and
    /// `F=A..B` (between A and B, both given). `F:=JSON` is always equality, so a value holding `..`
    /// can still be matched exactly (`name:='"a..b"'`).
    package static func fieldTest(_ text: String, option: String) throws(GQLPatchError) -> FieldTest {
        let forms =
            "FIELD=VALUE, FIELD:=JSON, FIELD>VALUE, FIELD>=VALUE, FIELD<VALUE, FIELD<=VALUE, FIELD^=PREFIX or FIELD=LOW..HIGH"
        guard let at = text.firstIndex(where: { "=:<>^".contains($0) }) else {
            throw .usage("\(option) expects \(forms), got '\(text)'")
        }
        let field = String(text[..<at])
        let rest = text[at...]
        let operators: [(String, FieldTest.Comparison)] = [
            (":=", .eq), (">=", .ge), ("<=", .le), ("^=", .beginsWith), (">", .gt), ("<", .lt), ("=", .eq),
        ]
        guard let (spelling, comparison) = operators.first(where: { rest.hasPrefix($0.0) }) else {
            throw .usage("\(option) expects \(forms), got '\(text)'")
        }
        guard FieldName.isValid(field) else {
            throw .usage("\(option) expects \(forms), got '\(text)' ('\(field)' is not a field name)")
        }
        let value = String(rest.dropFirst(spelling.count))
        if spelling == ":=" { return FieldTest(field: field, comparison: .eq, value: .json(value)) }
        if spelling == "=", let dots = value.indices.first(where: { value[$0...].hasPrefix("..") }),
            dots != value.startIndex, value.index(dots, offsetBy: 2) != value.endIndex
        {
            return FieldTest(
                field: field, comparison: .between, value: .text(String(value[..<dots])),
                upper: .text(String(value[value.index(dots, offsetBy: 2)...])))
        }
        return FieldTest(field: field, comparison: comparison, value: .text(value))
    }
}
