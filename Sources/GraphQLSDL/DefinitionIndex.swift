/// The top-level definitions of a GraphQL document found by a quick byte scan, without building an
/// AST: for each definition its keyword, name, and where it starts and ends, so that a reader can
/// parse only the definitions it needs (see `DefinitionParser`).
///
/// `scan` reads every token of the document with the lexer's rules, so any lexical error anywhere
/// (a bad character, an unterminated or badly escaped string, invalid UTF-8, a malformed number) and
/// any unbalanced `{}`/`()`/`[]` make it return nil; so does a top-level token that cannot start a
/// definition, or a definition keyword not followed by the name it needs. Callers then parse the
/// whole document with `Parser.parse` to get the exact error. What the scan does not check is the
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
    /// The definitions' names, interned (see `NameTable`), and the document they were read from.
    private let names: NameTable
    private let bytes: [UInt8]
    /// The first index into `entries` of each name in `names` (-1: none).
    private var firstIndexOfName: [Int]
    /// For each entry, the index of the next entry of the same name (-1: none).
    private var nextIndexOfName: [Int]
    /// Whether some name has more than one definition (a type and its extensions count).
    public private(set) var hasRepeatedNames = false

    /// `nameIndices` gives each entry's name in `names` (-1 for no name).
    init(entries: [Entry], names: NameTable, nameIndices: [Int], bytes: [UInt8]) {
        self.entries = entries
        self.names = names
        self.bytes = bytes
        firstIndexOfName = Array(repeating: -1, count: names.count)
        nextIndexOfName = Array(repeating: -1, count: entries.count)
        // Back to front, so each name's chain runs in document order.
        for index in entries.indices.reversed() {
            let name = nameIndices[index]
            guard name >= 0 else { continue }
            if firstIndexOfName[name] >= 0 {
                nextIndexOfName[index] = firstIndexOfName[name]
                hasRepeatedNames = true
            }
            firstIndexOfName[name] = index
        }
    }

    /// Scans `bytes`; nil when the document has a lexical error or a top-level structure the scan
    /// cannot index (see the type's comment): parse it with `Parser.parse` for the exact error.
    public static func scan(_ bytes: [UInt8]) -> DefinitionIndex? {
        var scanner = DefinitionScanner(bytes: bytes)
        guard let entries = scanner.scan() else { return nil }
        return DefinitionIndex(entries: entries, names: scanner.names, nameIndices: scanner.nameIndices, bytes: bytes)
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
        guard let nameIndex = names.index(of: name, source: bytes) else { return nil }
        let index = firstIndexOfName[nameIndex]
        return index < 0 ? nil : index
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
