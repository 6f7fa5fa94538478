/// The top-level definitions of a GraphQL document found by a quick byte scan, without building an
/// AST: for each definition its keyword, name, and where it starts and ends, so that a reader can
/// parse only the definitions it needs (see `DefinitionParser`).
///
/// `scan` reads every token of the document with the lexer's rules, so any lexical error anywhere
/// (a bad character, an unterminated or badly escaped string, invalid UTF-8, a malformed number) and
/// any unbalanced `{}`/`()`/`[]` make it return nil; so do brackets nested over 1,024 deep, a
/// top-level token that cannot start a definition, and a definition keyword not followed by the
/// name it needs. Callers then parse the whole document with `Parser.parse` to get the exact error. What the scan does not check is the
/// grammar inside a definition's braces and parentheses (`type T { a: }`): such an error is found
/// only when that definition is parsed.
public struct DefinitionIndex: Sendable {
    /// One top-level definition.
    public struct Entry: Sendable, Hashable {
        /// The keyword a definition starts with (after `extend`, for extensions).
        public enum Keyword: String, Sendable, Hashable {
            case schema, scalar, type, interface, union
            case enumeration = "enum"
            case input, directive, query, mutation, subscription, fragment
            /// An operation written as a bare selection set (`{ ... }`).
            case anonymousOperation = "{"
        }

        public var keyword: Keyword
        /// The defined name (`Item`; `deprecated` for `directive @deprecated`); empty for `schema`
        /// and for unnamed operations.
        public var name: String
        /// True for `extend ...`.
        public var isExtension: Bool
        /// Where the definition's first token (its description, if any) starts.
        public var location: SourceLocation
        /// The offset of the next definition's first token, or the document's length for the last one.
        public var end: Int

        public init(keyword: Keyword, name: String, isExtension: Bool, location: SourceLocation, end: Int) {
            self.keyword = keyword
            self.name = name
            self.isExtension = isExtension
            self.location = location
            self.end = end
        }
    }

    /// The definitions in document order.
    public private(set) var entries: [Entry]
    /// The definitions' names, interned (see `NameTable`).
    private var names: NameTable
    /// The first index into `entries` of each name in `names` (-1: none).
    private var firstIndexOfName: [Int] = []
    /// For each entry, the index of the next entry of the same name (-1: none).
    private var nextIndexOfName: [Int]
    /// Whether some name has more than one definition (a type and its extensions count).
    public private(set) var hasRepeatedNames = false

    /// `nameStarts` and `nameHashes` give where each entry's name starts and its hash (-1 and 0
    /// for entries without a name).
    init(entries: [Entry], nameStarts: [Int], nameHashes: [UInt64]) {
        self.entries = entries
        names = NameTable(capacity: entries.count)
        nextIndexOfName = Array(repeating: -1, count: entries.count)
        var lastIndexOfName: [Int] = []
        lastIndexOfName.reserveCapacity(entries.count)
        firstIndexOfName.reserveCapacity(entries.count)
        for index in entries.indices where nameStarts[index] >= 0 {
            let (name, isNew) = names.insert(entries[index].name, hash: nameHashes[index], start: nameStarts[index])
            if isNew {
                firstIndexOfName.append(index)
                lastIndexOfName.append(index)
            } else {
                nextIndexOfName[lastIndexOfName[name]] = index
                lastIndexOfName[name] = index
                hasRepeatedNames = true
            }
        }
    }

    /// Scans `bytes`; nil when the document has a lexical error or a top-level structure the scan
    /// cannot index (see the type's comment): parse it with `Parser.parse` for the exact error.
    public static func scan(_ bytes: [UInt8]) -> DefinitionIndex? {
        var scanner = DefinitionScanner(bytes: bytes)
        guard let entries = scanner.scan() else { return nil }
        return DefinitionIndex(entries: entries, nameStarts: scanner.nameStarts, nameHashes: scanner.nameHashes)
    }

    /// The definitions named `name` (a type and its extensions, a directive, ...), in document order.
    public func entries(named name: String) -> [Entry] {
        indices(named: name).map { entries[$0] }
    }

    /// The positions in `entries` of the definitions named `name`, in document order.
    public func indices(named name: String) -> [Int] {
        var result: [Int] = []
        var index = firstIndex(named: name)
        while let current = index {
            result.append(current)
            index = nextIndex(sameNameAs: current)
        }
        return result
    }

    /// The position in `entries` of the first definition named `name` (no array is made).
    public func firstIndex(named name: String) -> Int? {
        names.index(of: name).map { firstIndexOfName[$0] }
    }

    /// The position of the next definition with the name of `entries[index]`, in document order.
    public func nextIndex(sameNameAs index: Int) -> Int? {
        let next = nextIndexOfName[index]
        return next < 0 ? nil : next
    }

    /// The entries of one keyword, in document order (`.schema` gives the schema definition and its
    /// extensions).
    public func entries(_ keyword: Entry.Keyword) -> [Entry] {
        entries.filter { $0.keyword == keyword }
    }
}
