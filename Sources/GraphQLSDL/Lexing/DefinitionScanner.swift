/// The byte scan behind `DefinitionIndex.scan`: skips ignored tokens, names and punctuators itself
/// and hands strings and numbers to `Lexer` (so their rules are the lexer's), and splits the top
/// level into definitions. Everything between a top-level bracket and its partner is skipped by
/// `BracketSkipper`, a tight loop that only checks tokens and bracket pairs.
struct DefinitionScanner {
    private let bytes: [UInt8]
    private var lexer: Lexer
    /// The open brackets of `BracketSkipper.skip`.
    private var stack = BracketSkipper.makeStack()
    private var position = 0
    private var line = 1
    private var lineStart = 0
    /// Per entry: where its name starts and the name's hash (see `NameTable`); -1 and 0 for no name.
    private(set) var nameStarts: [Int] = []
    private(set) var nameHashes: [UInt64] = []

    /// The top-level definition being read.
    private struct Current {
        var keyword: DefinitionIndex.Entry.Keyword?
        var name = ""
        var nameStart = -1
        var nameHash: UInt64 = 0
        var isExtension = false
        var location: SourceLocation
        /// 0: the keyword is next (after a description); 1: after `extend`; 2: the name is next;
        /// 3: the header is read.
        var stage = 0
        /// The next top-level name belongs to this definition (after a keyword, `@`, `=`, `|`, `&`,
        /// `implements`, `on`).
        var expectsName = false
        /// The definition's `{ ... }` has closed: the next top-level token starts a new definition.
        var hasBody = false
    }

    /// What a top-level name means to the scan.
    private enum Word {
        case keyword(DefinitionIndex.Entry.Keyword)
        case extend, implements, on, other
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        lexer = Lexer(bytes: bytes, file: "")
    }

    mutating func scan() -> [DefinitionIndex.Entry]? {
        let bytes = self.bytes
        return bytes.withUnsafeBufferPointer { scan($0) }
    }

    private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>) -> [DefinitionIndex.Entry]? {
        var entries: [DefinitionIndex.Entry] = []
        var current: Current?
        let count = buffer.count

        func finish(_ current: Current?, at end: Int) -> Bool {
            guard let current else { return true }
            guard let keyword = current.keyword,
                current.stage == 3 || keyword == .query || keyword == .mutation || keyword == .subscription
            else { return false }
            entries.append(
                DefinitionIndex.Entry(
                    keyword: keyword, name: current.name, isExtension: current.isExtension, location: current.location,
                    end: end))
            nameStarts.append(current.nameStart)
            nameHashes.append(current.nameHash)
            return true
        }

        while true {
            guard IgnoredTokens.skip(buffer, &position, &line, &lineStart) == nil else { return nil }
            let start = position
            guard start < count else { break }
            let c = buffer[start]
            let location = SourceLocation(line: line, column: start - lineStart + 1, offset: start)
            // A new definition starts at a token after a closed body, at a description, at a
            // definition keyword where no name is expected, and at the first token.
            var startsDefinition = current == nil || current!.hasBody || c == Ascii.quote
            if !startsDefinition, Ascii.isNameStart(c), current!.keyword != nil, !current!.expectsName {
                switch Self.word(buffer, start, IgnoredTokens.nameEnd(buffer, from: start)) {
                case .keyword, .extend: startsDefinition = true
                default: break
                }
            }
            if startsDefinition {
                guard finish(current, at: start) else { return nil }
                current = Current(location: location)
                if c == Ascii.braceL {
                    current!.keyword = .anonymousOperation
                    current!.stage = 3
                }
            }
            switch c {
            case Ascii.quote:
                // Only a description (before the keyword) is allowed at the top level, and a string
                // always starts a new definition.
                guard lexToken(at: start) else { return nil }
            case let c where Ascii.isNameStart(c):
                let end = IgnoredTokens.nameEnd(buffer, from: start)
                position = end
                guard readTopLevelName(buffer, start, end, into: &current!) else { return nil }
            case Ascii.braceL, Ascii.parenL, Ascii.bracketL:
                guard current!.keyword != nil else { return nil }
                current!.expectsName = false
                guard skipBracketed(buffer) else { return nil }
                if c == Ascii.braceL { current!.hasBody = true }
            case Ascii.at, Ascii.equals, Ascii.pipe, Ascii.ampersand:
                guard current!.keyword != nil else { return nil }
                current!.expectsName = true
                position = start + 1
            default:
                return nil
            }
        }
        guard finish(current, at: count) else { return nil }
        return entries
    }

    /// Skips from the open bracket at `position` past its partner (see `BracketSkipper`).
    private mutating func skipBracketed(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        BracketSkipper.skip(buffer, &position, &line, &lineStart, lexer: &lexer, stack: &stack)
    }

    /// Reads the string or number at `offset` with the lexer; false on a lexical error.
    private mutating func lexToken(at offset: Int) -> Bool {
        lexer.reset(to: offset, line: line, lineStart: lineStart)
        guard let token = try? lexer.next() else { return false }
        position = token.end
        line = lexer.line
        lineStart = lexer.lineStart
        return true
    }

    /// Handles the top-level name `buffer[start..<end]` of the current definition; false when it
    /// cannot be there.
    private func readTopLevelName(
        _ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, into current: inout Current
    ) -> Bool {
        switch current.stage {
        case 0, 1:
            let word = Self.word(buffer, start, end)
            if current.stage == 0, case .extend = word, current.location.offset == start {
                current.isExtension = true
                current.stage = 1
                current.expectsName = true
                return true
            }
            guard case .keyword(let keyword) = word else { return false }
            let hasDescription = current.location.offset != start
            let isOperation = keyword == .query || keyword == .mutation || keyword == .subscription
            if current.isExtension || hasDescription, isOperation || keyword == .fragment { return false }
            if current.isExtension, keyword == .directive { return false }
            current.keyword = keyword
            switch keyword {
            case .schema:
                current.stage = 3
                current.expectsName = false
            case .directive:
                current.stage = 2
                current.expectsName = false
            default:
                current.stage = 2
                current.expectsName = true
            }
            return true
        case 2:
            guard current.expectsName else { return false }
            // Hashed now, while the bytes are at hand; `DefinitionIndex` fills its name table after
            // the scan, when the table has the cache to itself.
            current.nameStart = start
            current.nameHash = NameTable.hash(buffer, start, end)
            current.name = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
            current.stage = 3
            current.expectsName = false
            return true
        default:
            if current.expectsName {
                current.expectsName = false
            } else {
                switch Self.word(buffer, start, end) {
                case .implements, .on: current.expectsName = true
                default: break
                }
            }
            return true
        }
    }

    /// The meaning of the name `buffer[start..<end]`, compared in place.
    private static func word(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Word {
        func equals(_ word: StaticString) -> Bool {
            guard word.utf8CodeUnitCount == end - start else { return false }
            let text = word.utf8Start
            for i in 0..<(end - start) where buffer[start + i] != text[i] { return false }
            return true
        }
        switch end - start {
        case 2: return equals("on") ? .on : .other
        case 4: return equals("type") ? .keyword(.type) : equals("enum") ? .keyword(.enumeration) : .other
        case 5:
            return equals("input")
                ? .keyword(.input)
                : equals("union")
                    ? .keyword(.union)
                    : equals("query") ? .keyword(.query) : .other
        case 6:
            return equals("scalar")
                ? .keyword(.scalar)
                : equals("extend")
                    ? .extend
                    : equals("schema") ? .keyword(.schema) : .other
        case 8: return equals("mutation") ? .keyword(.mutation) : equals("fragment") ? .keyword(.fragment) : .other
        case 9: return equals("interface") ? .keyword(.interface) : equals("directive") ? .keyword(.directive) : .other
        case 10: return equals("implements") ? .implements : .other
        case 12: return equals("subscription") ? .keyword(.subscription) : .other
        default: return .other
        }
    }
}
