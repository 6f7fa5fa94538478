import GQLPatchOperations
import GQLPatchSupport

/// How an option's text becomes its value, or the usage error that names the option (`given`: the
/// name as typed) and what it expects.
package struct ValueReader<Value>: Sendable {
    package typealias Read = @Sendable (_ text: String, _ given: String) throws(GQLPatchError) -> Value

    package var read: Read
    /// The values completion offers, when they are a fixed set.
    package var choices: [String]?

    package init(choices: [String]? = nil, _ read: @escaping Read) {
        self.read = read
        self.choices = choices
    }
}

extension ValueReader where Value == String {
    /// The text as given.
    package static var text: Self { ValueReader { text, _ in text } }

    /// A file path: not empty, not `-` (a journal cannot be standard input).
    package static var path: Self {
        ValueReader { (text, given) throws(GQLPatchError) in try CommandLineParser.sequenceJournal(text, option: given)
        }
    }

    /// A field's name.
    package static var fieldName: Self {
        ValueReader { (text, given) throws(GQLPatchError) in
            guard FieldName.isValid(text) else { throw .usage("\(given) expects a field name, got '\(text)'") }
            return text
        }
    }
}

extension ValueReader where Value == FieldAssignment {
    /// `FIELD=VALUE`, `FIELD:=JSON` or `FIELD=@PATH`.
    package static var assignment: Self {
        ValueReader { (text, given) throws(GQLPatchError) in try CommandLineParser.assignment(text, option: given) }
    }

    /// `FIELD=VALUE` or `FIELD:=JSON` (no file: a key or a condition).
    package static var pair: Self {
        ValueReader { (text, given) throws(GQLPatchError) in
            try CommandLineParser.pair(text, option: given, allowFile: false)
        }
    }

    /// `--unset FIELD`: the field set to null.
    package static var unset: Self {
        ValueReader { (text, given) throws(GQLPatchError) in
            guard FieldName.isValid(text) else { throw .usage("\(given) expects a field name, got '\(text)'") }
            return FieldAssignment(field: text, value: .null)
        }
    }
}

extension ValueReader where Value == EditRequest {
    /// A list or counter edit of `kind`: `FIELD=VALUE`.
    package static func edit(_ kind: EditRequest.Kind) -> Self {
        ValueReader { (text, given) throws(GQLPatchError) in
            EditRequest(kind, try CommandLineParser.assignment(text, option: given))
        }
    }
}

extension ValueReader where Value == [String] {
    /// `a,b,c.d`.
    package static var fieldList: Self {
        ValueReader { (text, given) throws(GQLPatchError) in try CommandLineParser.fieldList(text, option: given) }
    }
}

extension ValueReader where Value == FieldTest {
    /// `--where`'s forms.
    package static var fieldTest: Self {
        ValueReader { (text, given) throws(GQLPatchError) in try CommandLineParser.fieldTest(text, option: given) }
    }
}

extension ValueReader where Value == Int {
    /// A whole number in `range` (`unit` named in the message: `of MB`).
    package static func whole(in range: ClosedRange<Int>, of unit: String? = nil) -> Self {
        ValueReader { (text, given) throws(GQLPatchError) in
            try CommandLineParser.wholeNumber(text, option: given, of: unit, in: range)
        }
    }

    /// A count: 1 or more, a GraphQL `Int`.
    package static var count: Self { whole(in: NumericLimits.count) }

    /// `--expect-version N`.
    package static var version: Self {
        ValueReader { (text, given) throws(GQLPatchError) in
            try CommandLineParser.wholeNumber(text, option: given, in: NumericLimits.version)
        }
    }
}

extension ValueReader where Value == Double {
    /// A duration with its unit (`500ms`, `30s`, `10m`, `1h`), in seconds: more than 0, at most a week.
    package static var duration: Self {
        ValueReader { (text, given) throws(GQLPatchError) in
            let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
            for (unit, seconds) in units where text.hasSuffix(unit) {
                let number = String(text.dropLast(unit.count))
                if let value = Double(number), value.isFinite, value > 0, value * seconds <= 604_800,
                    number.first?.isNumber == true
                {
                    return value * seconds
                }
                break
            }
            throw .usage(
                "\(given) expects a duration with its unit (500ms, 30s, 10m, 1h; at most a week), got '\(text)'")
        }
    }

    /// A finite number in `range`, of `unit`.
    package static func number(in range: ClosedRange<Double>, of unit: String) -> Self {
        ValueReader { (text, given) throws(GQLPatchError) in
            try CommandLineParser.number(text, option: given, of: unit, in: range)
        }
    }
}

extension ValueReader where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
    /// One of the enumeration's raw values; completion offers them.
    package static func choice(lowercased: Bool = false) -> Self {
        ValueReader(choices: Value.allCases.map(\.rawValue)) { (text, given) throws(GQLPatchError) in
            try CommandLineParser.choice(lowercased ? text.lowercased() : text, option: given, as: Value.self)
        }
    }
}

extension ValueReader where Value == FieldMask {
    /// `--mask Model.field[=KIND]`.
    package static var mask: Self {
        ValueReader { (text, given) throws(GQLPatchError) in
            let (target, kindText) =
                text.firstIndex(of: "=").map { (String(text[..<$0]), String(text[text.index(after: $0)...])) }
                ?? (text, nil)
            let parts = target.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, FieldName.isValid(parts[1]) else {
                throw .usage("\(given) expects Model.field or Model.field=KIND, got '\(text)'")
            }
            var kind: FieldMask.Kind?
            if let kindText {
                guard let chosen = FieldMask.Kind(rawValue: kindText) else {
                    throw .usage(
                        "\(given) \(text): the kind is one of \(FieldMask.Kind.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                kind = chosen
            }
            return FieldMask(model: parts[0], field: parts[1], kind: kind)
        }
    }
}
