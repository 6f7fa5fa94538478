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
package struct PluralRulePattern: Sendable {
    /// A capture per group, by number; 0 is the whole match. Ranges are offsets in the subject's scalars.
    package typealias Captures = [Range<Int>?]

    /// Groups, the whole match included.
    package let groupCount: Int
    /// The compiled pattern: sequences of instructions, each ending with `.done`; the top-level
    /// group is at 0. Payloads are plain numbers (no reference counting while matching).
    private let program: [Instruction]
    /// Literal runs, set ranges (low, high pairs) and the first instructions of group alternatives.
    private let data: [UInt32]
    /// The most subject scalars a match can span (a scalar matches at least one pattern character).
    private let maxLength: Int
    /// Whether every alternative ends with `$`: then a match starts at most `maxLength` scalars
    /// before the last two (where `$` can match), and earlier starts are not tried.
    private let endAnchored: Bool
    /// When every alternative ends with a literal before `$`: the (folded) characters a match can
    /// end with. A subject whose last character (before a final line terminator) is none of them
    /// cannot match, which rules most rules out at once.
    private let lastCharacters: [UInt32]?

    private enum Instruction: Sendable {
        /// One literal character (simple case folding).
        case character(UInt32)
        /// Two or more literal characters in a row, `data[start..<start + count]` (full case folding).
        case string(start: Int, count: Int)
        /// A set of `count` ranges at `data[start...]`, closed over case before it is negated (as ICU does).
        case set(start: Int, count: Int, negated: Bool)
        /// A group with `count` alternatives whose first instructions are listed at `data[start...]`;
        /// `capture` is its number, -1 for `(?:...)`.
        case group(capture: Int, start: Int, count: Int)
        /// A greedy `?` over the sequence starting at `body`.
        case optional(body: Int)
        case start
        case end
        case wordBoundary
        /// The end of a sequence.
        case done
    }

    /// The pattern as parsed, before it is laid out as instructions.
    private indirect enum Node {
        case character(UInt32)
        case string([UInt32])
        case set(ranges: [ClosedRange<UInt32>], negated: Bool)
        case group(capture: Int?, alternatives: [[Node]])
        case optional([Node])
        case start
        case end
        case wordBoundary
    }

    /// Parses `pattern`; the patterns are constants, so anything outside the syntax above is a
    /// programming error.
    package init(_ pattern: String) {
        var parser = Parser(pattern: Array(pattern.unicodeScalars))
        let alternatives = parser.alternatives()
        precondition(parser.index == parser.pattern.count, "unsupported pattern \(pattern)")
        groupCount = parser.groups + 1
        var compiler = Compiler()
        _ = compiler.sequence([.group(capture: 0, alternatives: alternatives)])
        program = compiler.program
        data = compiler.data
        maxLength = Self.maxLength(alternatives)
        endAnchored = alternatives.allSatisfy { alternative in
            if case .end = alternative.last { return true }
            return false
        }
        lastCharacters = endAnchored ? Self.lastCharacters(alternatives.map { $0.dropLast() }) : nil
    }

    private static func maxLength(_ alternatives: [[Node]]) -> Int {
        var longest = 0
        for alternative in alternatives {
            var total = 0
            for node in alternative {
                switch node {
                case .character, .set: total += 1
                case .string(let characters): total += characters.count
                case .group(_, let inner): total += maxLength(inner)
                case .optional(let inner): total += maxLength([inner])
                case .start, .end, .wordBoundary: break
                }
            }
            longest = max(longest, total)
        }
        return longest
    }

    /// The characters the last node of each alternative ends a match with, or nil when that is not
    /// a literal (a set, an optional node, an anchor, nothing).
    private static func lastCharacters(_ alternatives: [ArraySlice<Node>]) -> [UInt32]? {
        var result: [UInt32] = []
        for alternative in alternatives {
            switch alternative.last {
            case .character(let value): result.append(value)
            case .string(let values): result.append(values[values.count - 1])
            case .group(_, let inner):
                guard let found = lastCharacters(inner.map { $0[...] }) else { return nil }
                result.append(contentsOf: found)
            default: return nil
            }
        }
        return result
    }

    /// The leftmost match in `subject` and its groups (nil where a group took no part), or nil.
    package func firstMatch(in subject: [Unicode.Scalar]) -> Captures? {
        subject.withUnsafeBufferPointer { subject in
            program.withUnsafeBufferPointer { program in
                data.withUnsafeBufferPointer { data in
                    withUnsafeTemporaryAllocation(of: Range<Int>?.self, capacity: groupCount) { captures in
                        let matcher = Matcher(subject: subject, program: program, data: data, captures: captures)
                        if let lastCharacters, !matcher.mayEndWith(lastCharacters) { return nil }
                        let earliest = endAnchored ? max(0, subject.count - 2 - maxLength) : 0
                        for start in earliest...subject.count {
                            captures.initialize(repeating: nil)
                            if matcher.sequence(0, at: start, then: { _ in true }) { return Array(captures) }
                        }
                        return nil
                    }
                }
            }
        }
    }

    // MARK: - Matching

    /// A backtracking match: each step calls `next` with where it ended and gives up when `next`
    /// fails. Group captures are written into `captures` and put back when a path fails.
    private struct Matcher {
        package let subject: UnsafeBufferPointer<Unicode.Scalar>
        package let program: UnsafeBufferPointer<Instruction>
        package let data: UnsafeBufferPointer<UInt32>
        package let captures: UnsafeMutableBufferPointer<Range<Int>?>

        package typealias Continuation = (Int) -> Bool

        /// Matches the sequence from instruction `index` at `position`, then `next`.
        package func sequence(_ index: Int, at position: Int, then next: Continuation) -> Bool {
            switch program[index] {
            case .done:
                return next(position)
            case .character(let expected):
                guard position < subject.count, Self.simpleFold(subject[position].value) == expected else {
                    return false
                }
                return sequence(index + 1, at: position + 1, then: next)
            case .string(let start, let count):
                guard let end = matchString(start, count, at: position) else { return false }
                return sequence(index + 1, at: end, then: next)
            case .set(let start, let count, let negated):
                guard position < subject.count else { return false }
                let scalar = subject[position].value
                let folded = Self.simpleFold(scalar)
                var member = false
                for pair in 0..<count {
                    let range = data[start + 2 * pair]...data[start + 2 * pair + 1]
                    if range.contains(scalar) || range.contains(folded) {
                        member = true
                        break
                    }
                }
                guard member != negated else { return false }
                return sequence(index + 1, at: position + 1, then: next)
            case .group(let capture, let start, let count):
                for alternative in 0..<count {
                    let found = sequence(Int(data[start + alternative]), at: position) { end in
                        guard capture >= 0 else { return sequence(index + 1, at: end, then: next) }
                        let saved = captures[capture]
                        captures[capture] = position..<end
                        if sequence(index + 1, at: end, then: next) { return true }
                        captures[capture] = saved
                        return false
                    }
                    if found { return true }
                }
                return false
            case .optional(let body):
                if sequence(body, at: position, then: { end in sequence(index + 1, at: end, then: next) }) {
                    return true
                }
                return sequence(index + 1, at: position, then: next)
            case .start:
                return position == 0 && sequence(index + 1, at: position, then: next)
            case .end:
                return isEnd(position) && sequence(index + 1, at: position, then: next)
            case .wordBoundary:
                return isWordBoundary(position) && sequence(index + 1, at: position, then: next)
            }
        }

        /// Whether a character before a place where `$` matches folds to (or, folded in full, ends
        /// with) one of `characters`.
        package func mayEndWith(_ characters: [UInt32]) -> Bool {
            let count = subject.count
            for end in max(1, count - 2)...max(1, count) where end <= count && isEnd(end) {
                let value = subject[end - 1].value
                let last = value < 0x80 ? Self.simpleFold(value) : Self.fullFold(value).last ?? value
                if characters.contains(last) { return true }
            }
            return false
        }

        /// Where the literal run `data[start..<start + count]` ends when it matches at `position`
        /// (full case folding of the subject).
        private func matchString(_ start: Int, _ count: Int, at position: Int) -> Int? {
            var index = position
            var offset = 0
            while offset < count {
                guard index < subject.count else { return nil }
                let value = subject[index].value
                if value < 0x80 {
                    guard Self.simpleFold(value) == data[start + offset] else { return nil }
                    offset += 1
                } else {
                    let folded = Self.fullFold(value)
                    // A match may not end inside a character's folding.
                    guard offset + folded.count <= count,
                        data[(start + offset)..<(start + offset + folded.count)].elementsEqual(folded)
                    else { return nil }
                    offset += folded.count
                }
                index += 1
            }
            return index
        }

        /// `$`: the end, or before a line terminator that ends the subject (`\r\n` as one).
        package func isEnd(_ position: Int) -> Bool {
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
        package static func simpleFold(_ value: UInt32) -> UInt32 {
            switch value {
            case 0x41...0x5A, 0xC0...0xD6, 0xD8...0xDE: return value + 0x20
            case 0x17F: return 0x73  // ſ
            case 0x212A: return 0x6B  // Kelvin sign
            default: return value
            }
        }

        /// Full case folding, as far as it can reach runs of ASCII letters.
        package static func fullFold(_ value: UInt32) -> [UInt32] {
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

    // MARK: - Layout

    /// Lays parsed nodes out as instructions: each sequence contiguous and ended by `.done`, the
    /// sequences of a group's alternatives after it.
    private struct Compiler {
        package var program: [Instruction] = []
        package var data: [UInt32] = []

        /// Lays out `nodes` and returns the index of its first instruction.
        package mutating func sequence(_ nodes: [Node]) -> Int {
            let first = program.count
            program.append(contentsOf: repeatElement(Instruction.done, count: nodes.count + 1))
            for (offset, node) in nodes.enumerated() {
                program[first + offset] = instruction(node)
            }
            return first
        }

        private mutating func instruction(_ node: Node) -> Instruction {
            switch node {
            case .character(let value):
                return .character(value)
            case .string(let values):
                data.append(contentsOf: values)
                return .string(start: data.count - values.count, count: values.count)
            case .set(let ranges, let negated):
                let start = data.count
                for range in ranges { data.append(contentsOf: [range.lowerBound, range.upperBound]) }
                return .set(start: start, count: ranges.count, negated: negated)
            case .group(let capture, let alternatives):
                var firsts: [UInt32] = []
                for alternative in alternatives { firsts.append(UInt32(sequence(alternative))) }
                data.append(contentsOf: firsts)
                return .group(capture: capture ?? -1, start: data.count - firsts.count, count: firsts.count)
            case .optional(let body):
                return .optional(body: sequence(body))
            case .start: return .start
            case .end: return .end
            case .wordBoundary: return .wordBoundary
            }
        }
    }

    // MARK: - Parsing

    private struct Parser {
        package let pattern: [Unicode.Scalar]
        package var index = 0
        package var groups = 0

        package init(pattern: [Unicode.Scalar]) {
            self.pattern = pattern
        }

        private var current: Unicode.Scalar? { index < pattern.count ? pattern[index] : nil }

        package mutating func alternatives() -> [[Node]] {
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
                    atom = .optional([atom])
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
                switch scalar {
                case "|", ")", "?", "*", "+", "{", ".": preconditionFailure("unsupported syntax")
                default: break
                }
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
