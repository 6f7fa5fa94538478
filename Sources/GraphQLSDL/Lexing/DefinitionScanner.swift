/// The byte scan behind `DefinitionIndex.scan`: skips ignored tokens, names and punctuators itself
/// and hands strings and numbers to `Lexer` (so their rules are the lexer's), keeps a stack of open
/// brackets, and splits the top level into definitions.
struct DefinitionScanner {
    private let bytes: [UInt8]
    private var lexer: Lexer
    private var position = 0
    private var line = 1
    private var lineStart = 0

    /// The top-level definition being read.
    private struct Current {
        var keyword: DefinitionIndex.Entry.Keyword?
        var name = ""
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

    init(bytes: [UInt8]) {
        self.bytes = bytes
        lexer = Lexer(bytes: bytes, file: "")
    }

    private static let keywords: [String: DefinitionIndex.Entry.Keyword] = [
        "schema": .schema, "scalar": .scalar, "type": .type, "interface": .interface, "union": .union,
        "enum": .enumeration, "input": .input, "directive": .directive, "query": .query, "mutation": .mutation,
        "subscription": .subscription, "fragment": .fragment,
    ]

    mutating func scan() -> [DefinitionIndex.Entry]? {
        var entries: [DefinitionIndex.Entry] = []
        var current: Current?
        var stack: [UInt8] = []
        let count = bytes.count

        func finish(_ current: Current?, at end: Int) -> Bool {
            guard let current else { return true }
            guard let keyword = current.keyword,
                current.stage == 3 || [.query, .mutation, .subscription].contains(keyword)
            else { return false }
            entries.append(DefinitionIndex.Entry(
                keyword: keyword, name: current.name, isExtension: current.isExtension, location: current.location,
                end: end))
            return true
        }

        while true {
            guard skipIgnored() else { return nil }
            let start = position
            guard start < count else { break }
            let c = bytes[start]
            let location = SourceLocation(line: line, column: start - lineStart + 1, offset: start)
            let topLevel = stack.isEmpty
            // A new definition starts at a top-level token after a closed body, at a description,
            // at a definition keyword where no name is expected, and at the first token.
            if topLevel {
                var startsDefinition = current == nil || current!.hasBody || c == Ascii.quote
                if !startsDefinition, Ascii.isNameStart(c), current!.keyword != nil, !current!.expectsName {
                    let name = peekName(at: start)
                    startsDefinition = name == "extend" || Self.keywords[name] != nil
                }
                if startsDefinition {
                    guard finish(current, at: start) else { return nil }
                    current = Current(location: location)
                    if c == Ascii.braceL {
                        current!.keyword = .anonymousOperation
                        current!.stage = 3
                    }
                }
            }
            switch c {
            case Ascii.quote, Ascii.minus, Ascii.zero...Ascii.nine:
                lexer.reset(to: start, line: line, lineStart: lineStart)
                guard let token = try? lexer.next() else { return nil }
                if topLevel {
                    // Only a description (before the keyword) is allowed at the top level.
                    guard c == Ascii.quote, current!.stage == 0, current!.keyword == nil,
                        current!.location.offset == start
                    else { return nil }
                }
                position = token.end
                line = lexer.line
                lineStart = lexer.lineStart
            case let c where Ascii.isNameStart(c):
                let p = nameEnd(from: start)
                position = p
                if topLevel {
                    let name = String(decoding: bytes[start..<p], as: UTF8.self)
                    guard readTopLevelName(name, into: &current!) else { return nil }
                }
            case Ascii.braceL, Ascii.parenL, Ascii.bracketL:
                if topLevel {
                    guard current!.keyword != nil else { return nil }
                    current!.expectsName = false
                }
                stack.append(c)
                position = start + 1
            case Ascii.braceR, Ascii.parenR, Ascii.bracketR:
                guard let open = stack.popLast(), open == (c == Ascii.braceR ? Ascii.braceL : c == Ascii.parenR ? Ascii.parenL : Ascii.bracketL)
                else { return nil }
                if stack.isEmpty, c == Ascii.braceR { current!.hasBody = true }
                position = start + 1
            case Ascii.dot:
                guard start + 2 < count, bytes[start + 1] == Ascii.dot, bytes[start + 2] == Ascii.dot, !topLevel else {
                    return nil
                }
                position = start + 3
            case Ascii.at, Ascii.equals, Ascii.pipe, Ascii.ampersand:
                if topLevel {
                    guard current!.keyword != nil else { return nil }
                    current!.expectsName = true
                }
                position = start + 1
            case Ascii.bang, Ascii.dollar, Ascii.colon:
                guard !topLevel else { return nil }
                position = start + 1
            default:
                return nil
            }
        }
        guard stack.isEmpty, finish(current, at: count) else { return nil }
        return entries
    }

    /// Handles a top-level name of the current definition; false when it cannot be there.
    private func readTopLevelName(_ name: String, into current: inout Current) -> Bool {
        switch current.stage {
        case 0, 1:
            if current.stage == 0, name == "extend", current.location.offset == position - name.utf8.count {
                current.isExtension = true
                current.stage = 1
                current.expectsName = true
                return true
            }
            guard let keyword = Self.keywords[name] else { return false }
            let hasDescription = current.location.offset != position - name.utf8.count
            if current.isExtension || hasDescription, [.query, .mutation, .subscription, .fragment].contains(keyword) {
                return false
            }
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
            current.name = name
            current.stage = 3
            current.expectsName = false
            return true
        default:
            if current.expectsName {
                current.expectsName = false
            } else if name == "implements" || name == "on" {
                current.expectsName = true
            }
            return true
        }
    }

    /// The offset just past the name starting at `offset`, eight bytes at a time where it can.
    @inline(__always)
    private func nameEnd(from offset: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            let base = UnsafeRawPointer(buffer.baseAddress!)
            var p = offset + 1
            while p + 8 <= count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self))
                let nameBytes = Ascii.leadingNameBytes(word)
                p += nameBytes
                if nameBytes < 8 { return p }
            }
            while p < count, Ascii.isNameContinue(buffer[p]) { p += 1 }
            return p
        }
    }

    /// The name starting at `offset`.
    private func peekName(at offset: Int) -> String {
        let p = nameEnd(from: offset)
        return String(decoding: bytes[offset..<p], as: UTF8.self)
    }

    /// Skips white space, line terminators, commas, comments and byte order marks; false on invalid
    /// UTF-8 in a comment.
    private mutating func skipIgnored() -> Bool {
        var p = position
        var line = self.line
        var lineStart = self.lineStart
        let valid: Bool = bytes.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            while p < count {
                switch bytes[p] {
                case Ascii.space, Ascii.tab, Ascii.comma:
                    p += 1
                case Ascii.newline:
                    p += 1
                    line += 1
                    lineStart = p
                case Ascii.carriageReturn:
                    p += 1
                    if p < count, bytes[p] == Ascii.newline { p += 1 }
                    line += 1
                    lineStart = p
                case Ascii.hash:
                    p += 1
                    while p < count {
                        let c = bytes[p]
                        if c == Ascii.newline || c == Ascii.carriageReturn { break }
                        if c < 0x80 {
                            p += 1
                        } else {
                            guard let (_, length) = UTF8Scalar.decode(bytes, at: p) else { return false }
                            p += length
                        }
                    }
                case 0xEF where p + 2 < count && bytes[p + 1] == 0xBB && bytes[p + 2] == 0xBF:
                    p += 3
                default:
                    return true
                }
            }
            return true
        }
        position = p
        self.line = line
        self.lineStart = lineStart
        return valid
    }
}
