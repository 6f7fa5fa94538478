/// One of `Pluralizer`'s rule patterns, matched case-insensitively by a small backtracking matcher
/// exactly as the ICU engine behind `NSRegularExpression` (`.caseInsensitive`) matched it, so the
/// port gives the same plurals without Foundation.
///
/// The syntax is only what the rules use: literals, `[...]` and `[^...]` sets (with ranges and
/// `\x{HHHH}`), `(...)` and `(?:...)` groups, `|`, a greedy `?`, `^`, `$` and `\b`. Matching runs on
/// Unicode scalars with ICU's semantics:
/// - case: a single letter or a set compares simple case foldings (`ſ` is `s`, the Kelvin sign is `k`);
///   a run of two or more letters compares full case foldings, so `ß` matches `ss` and `ﬁ` matches `fi`
///   (only whole folded characters: a match never ends inside one). The folding tables cover the
///   foldings that can equal the rules' letters (ASCII and `é`).
/// - `$` matches at the end and before a line terminator that ends the input (`\r\n` counts as one);
///   `^` matches at the start only.
/// - `\b` is ICU's default word boundary: word characters are `[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\u200C\u200D]`,
///   and combining marks and format characters belong to the character before them.
struct PluralRulePattern: Sendable {
    private indirect enum Node: Sendable {
        /// One literal character (simple case folding).
        case character(UInt32)
        /// Two or more literal characters in a row (full case folding).
        case string([UInt32])
        /// A set, closed over case before it is negated (as ICU does).
        case set(ranges: [ClosedRange<UInt32>], negated: Bool)
        /// A group: `capture` is its number, nil for `(?:...)`.
        case group(capture: Int?, alternatives: [[Node]])
        case optional(Node)
        case start
        case end
        case wordBoundary
    }

    /// A capture per group, by number; 0 is the whole match. Ranges are offsets in the subject's scalars.
    typealias Captures = [Range<Int>?]

    private let alternatives: [[Node]]
    /// Groups, the whole match included.
    let groupCount: Int

    /// Parses `pattern`; the patterns are constants, so anything outside the syntax above is a
    /// programming error.
    init(_ pattern: String) {
        var parser = Parser(pattern: Array(pattern.unicodeScalars))
        alternatives = parser.alternatives()
        precondition(parser.index == parser.pattern.count, "unsupported pattern \(pattern)")
        groupCount = parser.groups + 1
    }

    /// The leftmost match in `subject` and its groups (nil where a group took no part), or nil.
    func firstMatch(in subject: [Unicode.Scalar]) -> Captures? {
        let matcher = Matcher(subject: subject, groupCount: groupCount)
        for start in 0...subject.count {
            let empty = Captures(repeating: nil, count: groupCount)
            let found = matcher.group(alternatives, capture: 0, at: start, empty[...]) { _, captures in captures }
            if let found { return Array(found) }
        }
        return nil
    }

    // MARK: - Matching

    private struct Matcher {
        let subject: [Unicode.Scalar]
        let groupCount: Int

        typealias Continuation = (Int, ArraySlice<Range<Int>?>) -> ArraySlice<Range<Int>?>?

        func group(
            _ alternatives: [[Node]], capture: Int?, at position: Int, _ captures: ArraySlice<Range<Int>?>,
            then next: Continuation
        ) -> ArraySlice<Range<Int>?>? {
            for alternative in alternatives {
                let found = sequence(alternative[...], at: position, captures) { end, inner in
                    var inner = inner
                    if let capture { inner[capture] = position..<end }
                    return next(end, inner)
                }
                if let found { return found }
            }
            return nil
        }

        func sequence(
            _ nodes: ArraySlice<Node>, at position: Int, _ captures: ArraySlice<Range<Int>?>, then next: Continuation
        ) -> ArraySlice<Range<Int>?>? {
            guard let node = nodes.first else { return next(position, captures) }
            let rest = nodes.dropFirst()
            switch node {
            case .character(let expected):
                guard position < subject.count, Self.simpleFold(subject[position].value) == expected else { return nil }
                return sequence(rest, at: position + 1, captures, then: next)
            case .string(let expected):
                guard let end = matchString(expected, at: position) else { return nil }
                return sequence(rest, at: end, captures, then: next)
            case .set(let ranges, let negated):
                guard position < subject.count else { return nil }
                let scalar = subject[position].value
                let member = ranges.contains { $0.contains(scalar) || $0.contains(Self.simpleFold(scalar)) }
                guard member != negated else { return nil }
                return sequence(rest, at: position + 1, captures, then: next)
            case .group(let capture, let alternatives):
                return group(alternatives, capture: capture, at: position, captures) { end, inner in
                    sequence(rest, at: end, inner, then: next)
                }
            case .optional(let inner):
                let taken = sequence([inner][...], at: position, captures) { end, innerCaptures in
                    sequence(rest, at: end, innerCaptures, then: next)
                }
                return taken ?? sequence(rest, at: position, captures, then: next)
            case .start:
                guard position == 0 else { return nil }
                return sequence(rest, at: position, captures, then: next)
            case .end:
                guard isEnd(position) else { return nil }
                return sequence(rest, at: position, captures, then: next)
            case .wordBoundary:
                guard isWordBoundary(position) else { return nil }
                return sequence(rest, at: position, captures, then: next)
            }
        }

        /// Where a literal run ends when it matches at `position` (full case folding of the subject).
        private func matchString(_ expected: [UInt32], at position: Int) -> Int? {
            var index = position
            var offset = 0
            while offset < expected.count {
                guard index < subject.count else { return nil }
                let folded = Self.fullFold(subject[index].value)
                // A match may not end inside a character's folding.
                guard offset + folded.count <= expected.count,
                    expected[offset..<offset + folded.count].elementsEqual(folded)
                else { return nil }
                offset += folded.count
                index += 1
            }
            return index
        }

        /// `$`: the end, or before a line terminator that ends the subject (`\r\n` as one).
        private func isEnd(_ position: Int) -> Bool {
            let count = subject.count
            if position == count { return true }
            if position == count - 1, Self.isLineTerminator(subject[position].value) {
                // Not between the two halves of a final `\r\n`.
                return !(subject[position] == "\n" && position > 0 && subject[position - 1] == "\r")
            }
            return position == count - 2 && subject[position] == "\r" && subject[position + 1] == "\n"
        }

        private func isWordBoundary(_ position: Int) -> Bool {
            var currentIsWord = false
            if position < subject.count {
                let current = subject[position]
                if Self.belongsToPrevious(current) { return false }
                currentIsWord = Self.isWordCharacter(current)
            }
            var previousIsWord = false
            var index = position - 1
            while index >= 0 {
                if !Self.belongsToPrevious(subject[index]) {
                    previousIsWord = Self.isWordCharacter(subject[index])
                    break
                }
                index -= 1
            }
            return currentIsWord != previousIsWord
        }

        private static func isLineTerminator(_ value: UInt32) -> Bool {
            (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
        }

        private static func belongsToPrevious(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .format
        }

        private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
            let properties = scalar.properties
            if properties.isAlphabetic || scalar.value == 0x200C || scalar.value == 0x200D { return true }
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
            default: return false
            }
        }

        /// Simple case folding, as far as it can reach ASCII letters or `é`.
        static func simpleFold(_ value: UInt32) -> UInt32 {
            switch value {
            case 0x41...0x5A, 0xC0...0xD6, 0xD8...0xDE: return value + 0x20
            case 0x17F: return 0x73  // ſ
            case 0x212A: return 0x6B  // Kelvin sign
            default: return value
            }
        }

        /// Full case folding, as far as it can reach runs of ASCII letters.
        static func fullFold(_ value: UInt32) -> [UInt32] {
            switch value {
            case 0xDF, 0x1E9E: return [0x73, 0x73]  // ß, ẞ: ss
            case 0xFB00: return [0x66, 0x66]  // ﬀ
            case 0xFB01: return [0x66, 0x69]  // ﬁ
            case 0xFB02: return [0x66, 0x6C]  // ﬂ
            case 0xFB03: return [0x66, 0x66, 0x69]  // ﬃ
            case 0xFB04: return [0x66, 0x66, 0x6C]  // ﬄ
            case 0xFB05, 0xFB06: return [0x73, 0x74]  // ﬅ, ﬆ: st
            case 0x130: return [0x69, 0x307]  // İ: i + combining dot above
            default: return [simpleFold(value)]
            }
        }
    }

    // MARK: - Parsing

    private struct Parser {
        let pattern: [Unicode.Scalar]
        var index = 0
        var groups = 0

        init(pattern: [Unicode.Scalar]) {
            self.pattern = pattern
        }

        private var current: Unicode.Scalar? { index < pattern.count ? pattern[index] : nil }

        mutating func alternatives() -> [[Node]] {
            var result = [sequence()]
            while current == "|" {
                index += 1
                result.append(sequence())
            }
            return result
        }

        private mutating func sequence() -> [Node] {
            var atoms: [Node] = []
            while let scalar = current, scalar != "|", scalar != ")" {
                var atom = self.atom()
                if current == "?" {
                    index += 1
                    atom = .optional(atom)
                }
                atoms.append(atom)
            }
            // Runs of two or more plain letters match as strings (full case folding), as in ICU.
            var merged: [Node] = []
            var run: [UInt32] = []
            func flush() {
                if run.count == 1 { merged.append(.character(run[0])) }
                if run.count > 1 { merged.append(.string(run)) }
                run = []
            }
            for atom in atoms {
                if case .character(let value) = atom {
                    run.append(value)
                } else {
                    flush()
                    merged.append(atom)
                }
            }
            flush()
            return merged
        }

        private mutating func atom() -> Node {
            let scalar = pattern[index]
            index += 1
            switch scalar {
            case "(":
                var capture: Int?
                if current == "?" {
                    precondition(index + 1 < pattern.count && pattern[index + 1] == ":", "unsupported group")
                    index += 2
                } else {
                    groups += 1
                    capture = groups
                }
                let inner = alternatives()
                precondition(current == ")", "unclosed group")
                index += 1
                return .group(capture: capture, alternatives: inner)
            case "[":
                return set()
            case "^":
                return .start
            case "$":
                return .end
            case "\\":
                if current == "b" {
                    index += 1
                    return .wordBoundary
                }
                return .character(Matcher.simpleFold(escapedScalar()))
            default:
                precondition(!"|)?*+{.".unicodeScalars.contains(scalar), "unsupported syntax")
                return .character(Matcher.simpleFold(scalar.value))
            }
        }

        /// After `[`: the members up to `]`.
        private mutating func set() -> Node {
            var negated = false
            if current == "^" {
                negated = true
                index += 1
            }
            var ranges: [ClosedRange<UInt32>] = []
            while current != nil, current != "]" {
                let low = member()
                if current == "-", index + 1 < pattern.count, pattern[index + 1] != "]" {
                    index += 1
                    ranges.append(low...member())
                } else {
                    ranges.append(low...low)
                }
            }
            precondition(current == "]", "unclosed set")
            index += 1
            return .set(ranges: ranges, negated: negated)
        }

        private mutating func member() -> UInt32 {
            let scalar = pattern[index]
            index += 1
            return scalar == "\\" ? escapedScalar() : scalar.value
        }

        /// After `\`: `x{HHHH}`.
        private mutating func escapedScalar() -> UInt32 {
            precondition(current == "x" && index + 1 < pattern.count && pattern[index + 1] == "{", "unsupported escape")
            index += 2
            var value: UInt32 = 0
            while let scalar = current, scalar != "}" {
                guard let digit = UInt32(String(scalar), radix: 16) else { preconditionFailure("bad hex digit") }
                value = value * 16 + digit
                index += 1
            }
            precondition(current == "}", "unclosed \\x{")
            index += 1
            return value
        }
    }
}
