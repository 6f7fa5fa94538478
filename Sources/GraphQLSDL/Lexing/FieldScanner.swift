/// The byte scan behind `FieldIndex.scan`: reads the fields of one type definition by the grammar
///
///     FieldDefinition : Description? Name ArgumentsDefinition? `:` Type Directives[Const]?
///     InputValueDefinition : Description? Name `:` Type DefaultValue[Const]? Directives[Const]?
///
/// skipping ignored tokens and names itself and handing strings and numbers to `Lexer`. Default
/// values and directive arguments are skipped token by token with only their brackets paired.
struct FieldScanner {
    let bytes: [UInt8]
    private var lexer: Lexer
    /// The open brackets of `BracketSkipper.skip`.
    private var stack = BracketSkipper.makeStack()
    private var position = 0
    private var line = 1
    private var lineStart = 0
    private(set) var entries: [FieldIndex.Entry] = []
    private(set) var arguments: [FieldIndex.Argument] = []
    /// Each field's name's hash (see `NameTable`), for `FieldIndex` to fill its name table after the scan.
    private(set) var nameHashes: [UInt64] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
        lexer = Lexer(bytes: bytes, file: "")
    }

    /// Reads the fields and arguments of `definition`; false when something does not fit the grammar.
    mutating func scan(_ definition: DefinitionIndex.Entry) -> Bool {
        let start = definition.location
        position = start.offset
        line = start.line
        lineStart = start.offset - start.column + 1
        // Room for short fields: appending then never copies (untouched capacity costs nothing).
        entries.reserveCapacity((definition.end - start.offset) / 16)
        arguments.reserveCapacity((definition.end - start.offset) / 8)
        nameHashes.reserveCapacity((definition.end - start.offset) / 16)
        let bytes = self.bytes
        return bytes.withUnsafeBufferPointer { scan($0, end: definition.end) }
    }

    private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>, end: Int) -> Bool {
        guard let hasFields = readHeader(buffer, end: end) else { return false }
        guard hasFields else { return true }
        position += 1
        guard skipIgnored(buffer) else { return false }
        repeat {
            guard readField(buffer, end: end) else { return false }
        } while peek(buffer) != Ascii.braceR
        position += 1
        // The `}` must be the definition's last token.
        return skipIgnored(buffer) && position == end
    }

    /// ObjectTypeDefinition (or InterfaceTypeDefinition) up to its fields:
    ///
    ///     Description? `type` Name ImplementsInterfaces? Directives[Const]?
    ///     `extend` `type` Name ImplementsInterfaces? Directives[Const]?
    ///
    /// Whether fields follow (`position` is then at the `{`); nil when the header does not fit
    /// (or is an extension that adds nothing).
    private mutating func readHeader(_ buffer: UnsafeBufferPointer<UInt8>, end: Int) -> Bool? {
        guard skipIgnored(buffer) else { return nil }
        if peek(buffer) == Ascii.quote {
            guard lexToken(), skipIgnored(buffer) else { return nil }
        }
        // The keyword(s) and the name: the definition scan has matched them already.
        let isExtension = isWord(buffer, "extend")
        for _ in 0..<(isExtension ? 3 : 2) {
            guard skipName(buffer), skipIgnored(buffer) else { return nil }
        }
        var addsSomething = false
        if isWord(buffer, "implements") {
            guard skipName(buffer), skipIgnored(buffer) else { return nil }
            if peek(buffer) == Ascii.ampersand {
                position += 1
                guard skipIgnored(buffer) else { return nil }
            }
            repeat {
                guard skipName(buffer), skipIgnored(buffer) else { return nil }
                guard peek(buffer) == Ascii.ampersand else { break }
                position += 1
                guard skipIgnored(buffer) else { return nil }
            } while true
            addsSomething = true
        }
        if peek(buffer) == Ascii.at {
            guard skipDirectives(buffer) else { return nil }
            addsSomething = true
        }
        if position < end, peek(buffer) == Ascii.braceL { return true }
        guard position == end, !isExtension || addsSomething else { return nil }
        return false
    }

    /// Whether the name at `position` is `word`.
    private func isWord(_ buffer: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= buffer.count, Ascii.isNameStart(peek(buffer)),
            IgnoredTokens.nameEnd(buffer, from: position) == position + count
        else { return false }
        return (0..<count).allSatisfy { buffer[position + $0] == word.utf8Start[$0] }
    }

    /// FieldDefinition, and the ignored tokens after it.
    private mutating func readField(_ buffer: UnsafeBufferPointer<UInt8>, end: Int) -> Bool {
        let start = location
        if peek(buffer) == Ascii.quote {
            guard lexToken(), skipIgnored(buffer) else { return false }
        }
        let nameLocation = location
        let nameStart = position
        guard skipName(buffer) else { return false }
        let name = String(decoding: UnsafeBufferPointer(rebasing: buffer[nameStart..<position]), as: UTF8.self)
        let nameHash = NameTable.hash(buffer, nameStart, position)
        guard skipIgnored(buffer) else { return false }
        let firstArgument = arguments.count
        if peek(buffer) == Ascii.parenL {
            position += 1
            repeat {
                guard skipIgnored(buffer), readArgument(buffer) else { return false }
            } while peek(buffer) != Ascii.parenR
            position += 1
            guard skipIgnored(buffer) else { return false }
        }
        guard peek(buffer) == Ascii.colon else { return false }
        position += 1
        guard let type = readType(buffer), skipDirectives(buffer), position < end else { return false }
        nameHashes.append(nameHash)
        entries.append(
            FieldIndex.Entry(
                name: name, start: start, location: nameLocation, end: position,
                typeName: String(decoding: UnsafeBufferPointer(rebasing: buffer[type.name]), as: UTF8.self),
                typeIsList: type.isList, typeIsNonNull: type.isNonNull, typeRange: type.range,
                argumentIndices: firstArgument..<arguments.count))
        return true
    }

    /// InputValueDefinition, and the ignored tokens after it.
    private mutating func readArgument(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        if peek(buffer) == Ascii.quote {
            guard lexToken(), skipIgnored(buffer) else { return false }
        }
        guard let name = readName(buffer), skipIgnored(buffer), peek(buffer) == Ascii.colon else { return false }
        position += 1
        guard let type = readType(buffer) else { return false }
        if peek(buffer) == Ascii.equals {
            position += 1
            guard skipIgnored(buffer), skipValue(buffer), skipIgnored(buffer) else { return false }
        }
        guard skipDirectives(buffer) else { return false }
        arguments.append(
            FieldIndex.Argument(
                name: name, typeRange: type.range, typeNameRange: type.name, typeIsList: type.isList,
                typeIsNonNull: type.isNonNull))
        return true
    }

    /// Type : NamedType | `[` Type `]` | Type `!`, and the ignored tokens after it: where it is
    /// written, where its named type is, whether it is a list (after an outer `!`) and whether it
    /// has an outer `!`.
    private mutating func readType(
        _ buffer: UnsafeBufferPointer<UInt8>
    ) -> (range: Range<Int>, name: Range<Int>, isList: Bool, isNonNull: Bool)? {
        guard skipIgnored(buffer) else { return nil }
        let start = position
        var depth = 0
        while peek(buffer) == Ascii.bracketL {
            depth += 1
            position += 1
            guard depth <= Parser.maxDepth, skipIgnored(buffer) else { return nil }
        }
        let nameStart = position
        guard skipName(buffer) else { return nil }
        let name = nameStart..<position
        var end = position
        var isNonNull = false
        for level in 0...depth {
            if level > 0 {
                guard skipIgnored(buffer), peek(buffer) == Ascii.bracketR else { return nil }
                position += 1
                end = position
            }
            guard skipIgnored(buffer) else { return nil }
            isNonNull = peek(buffer) == Ascii.bang
            if isNonNull {
                position += 1
                end = position
                guard skipIgnored(buffer) else { return nil }
            }
        }
        return (start..<end, name, depth > 0, isNonNull)
    }

    /// Directives[Const]?, and the ignored tokens after them.
    private mutating func skipDirectives(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        while peek(buffer) == Ascii.at {
            position += 1
            guard skipIgnored(buffer), skipName(buffer), skipIgnored(buffer) else { return false }
            if peek(buffer) == Ascii.parenL {
                guard skipBracketed(buffer), skipIgnored(buffer) else { return false }
            }
        }
        return true
    }

    /// One value: a name, string or number token, or a bracketed list or object.
    private mutating func skipValue(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let c = peek(buffer)
        switch c {
        case Ascii.bracketL, Ascii.braceL: return skipBracketed(buffer)
        case Ascii.quote, Ascii.minus, Ascii.zero...Ascii.nine: return lexToken()
        case let c where Ascii.isNameStart(c): return skipName(buffer)
        default: return false
        }
    }

    /// Skips from the open bracket at `position` past its partner (see `BracketSkipper`).
    private mutating func skipBracketed(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        BracketSkipper.skip(buffer, &position, &line, &lineStart, lexer: &lexer, stack: &stack)
    }

    /// The name at `position` (nil when there is none), moving past it.
    private mutating func readName(_ buffer: UnsafeBufferPointer<UInt8>) -> String? {
        let start = position
        guard Ascii.isNameStart(peek(buffer)) else { return nil }
        position = IgnoredTokens.nameEnd(buffer, from: start)
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<position]), as: UTF8.self)
    }

    /// Moves past the name at `position`; false when there is none.
    private mutating func skipName(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Ascii.isNameStart(peek(buffer)) else { return false }
        position = IgnoredTokens.nameEnd(buffer, from: position)
        return true
    }

    /// Reads the string or number at `position` with the lexer; false on a lexical error.
    private mutating func lexToken() -> Bool {
        lexer.reset(to: position, line: line, lineStart: lineStart)
        guard let token = try? lexer.next() else { return false }
        position = token.end
        line = lexer.line
        lineStart = lexer.lineStart
        return true
    }

    /// Skips ignored tokens; false on invalid UTF-8 in a comment.
    @inline(__always)
    private mutating func skipIgnored(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        IgnoredTokens.skip(buffer, &position, &line, &lineStart) == nil
    }

    /// The byte at `position`, or 0 at the end (0 starts no token).
    @inline(__always)
    private func peek(_ buffer: UnsafeBufferPointer<UInt8>) -> UInt8 {
        position < buffer.count ? buffer[position] : 0
    }

    private var location: SourceLocation {
        SourceLocation(line: line, column: position - lineStart + 1, offset: position)
    }

    /// The type written in `bytes[range]` (checked by `readType`): leading `[`s, the named type,
    /// then `!` and `]` in order, each wrapping what comes before it.
    static func typeReference(_ bytes: [UInt8], _ range: Range<Int>) -> TypeReference {
        bytes.withUnsafeBufferPointer { buffer in
            var p = range.lowerBound
            var line = 0
            var lineStart = 0
            while true {
                _ = IgnoredTokens.skip(buffer, &p, &line, &lineStart)
                guard buffer[p] == Ascii.bracketL else { break }
                p += 1
            }
            let nameStart = p
            p = IgnoredTokens.nameEnd(buffer, from: p)
            var type = TypeReference.named(
                String(decoding: UnsafeBufferPointer(rebasing: buffer[nameStart..<p]), as: UTF8.self))
            while p < range.upperBound {
                _ = IgnoredTokens.skip(buffer, &p, &line, &lineStart)
                guard p < range.upperBound else { break }
                switch buffer[p] {
                case Ascii.bang: type = .nonNull(type)
                case Ascii.bracketR: type = .list(type)
                default: break
                }
                p += 1
            }
            return type
        }
    }
}
