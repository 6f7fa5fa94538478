/// The fields of one object or interface type definition (or extension) found by a byte scan,
/// without building an AST: for each field its name, where it starts and ends, its type and its
/// arguments' names and types, so that a reader can pick the fields it needs from a root type of
/// thousands and parse only those (see `DefinitionParser.parseField`).
///
/// `scan` checks the grammar of the definition's header and of every field except inside default
/// values and directive arguments (there it only checks tokens and bracket pairs), and every token
/// with the lexer's rules; it returns nil when anything does not fit. Callers then parse the
/// definition (or the whole document) with the parser to get the exact error.
public struct FieldIndex: Sendable {
    /// One field.
    public struct Entry: Sendable, Hashable {
        /// The field's name.
        public var name: String
        /// Where the field's first token (its description, if any) starts.
        public var start: SourceLocation
        /// Where the field's name starts (the location its `FieldDefinition` has).
        public var location: SourceLocation
        /// The offset of the token after the field: the next field's first token, or the `}` that
        /// closes the fields.
        public var end: Int
        /// The named type inside the field type's list and non-null wrappers (`Item` for `[Item!]!`).
        public var typeName: String
        /// True when the field's type, after an outer `!`, is a list (as `TypeReference.isList`).
        public var typeIsList: Bool
        /// True when the field's type has an outer `!` (as `TypeReference.isNonNull`).
        public var typeIsNonNull: Bool
        /// Where the field's type is written, wrappers included.
        public var typeRange: Range<Int>
        /// The positions of the field's arguments in the index's `arguments`.
        public var argumentIndices: Range<Int>

        public init(
            name: String, start: SourceLocation, location: SourceLocation, end: Int, typeName: String,
            typeIsList: Bool, typeIsNonNull: Bool, typeRange: Range<Int>, argumentIndices: Range<Int>
        ) {
            self.name = name
            self.start = start
            self.location = location
            self.end = end
            self.typeName = typeName
            self.typeIsList = typeIsList
            self.typeIsNonNull = typeIsNonNull
            self.typeRange = typeRange
            self.argumentIndices = argumentIndices
        }
    }

    /// One argument of a field.
    public struct Argument: Sendable, Hashable {
        public var name: String
        /// Where the argument's type is written, wrappers included (see `FieldIndex.type(of:)`).
        public var typeRange: Range<Int>
        /// Where the named type inside the wrappers is written (see `FieldIndex.typeName(of:)`).
        public var typeNameRange: Range<Int>
        /// True when the argument's type, after an outer `!`, is a list (as `TypeReference.isList`).
        public var typeIsList: Bool
        /// True when the argument's type has an outer `!` (as `TypeReference.isNonNull`).
        public var typeIsNonNull: Bool

        public init(
            name: String, typeRange: Range<Int>, typeNameRange: Range<Int>, typeIsList: Bool, typeIsNonNull: Bool
        ) {
            self.name = name
            self.typeRange = typeRange
            self.typeNameRange = typeNameRange
            self.typeIsList = typeIsList
            self.typeIsNonNull = typeIsNonNull
        }
    }

    /// The fields in document order.
    public let entries: [Entry]
    /// The arguments of all fields, field after field (see `Entry.argumentIndices`).
    public let arguments: [Argument]
    /// The document the index was scanned from.
    private let bytes: [UInt8]
    /// The names of the fields, interned (see `NameTable`).
    private let names: NameTable
    /// The position in `entries` of the first field of each name in `names` (-1: none).
    private let firstEntryOfName: [Int]
    /// Whether some name is used by more than one field.
    public let hasDuplicateNames: Bool

    /// Scans the fields of `definition` (an object or interface type, or an extension of one, found
    /// by `DefinitionIndex.scan` in `bytes`). Nil when `definition` is of another kind, or the scan
    /// finds something it does not accept (see the type's comment).
    public static func scan(_ bytes: [UInt8], definition: DefinitionIndex.Entry) -> FieldIndex? {
        guard definition.keyword == .type || definition.keyword == .interface else { return nil }
        var scanner = FieldScanner(bytes: bytes)
        guard scanner.scan(definition) else { return nil }
        return FieldIndex(scanner)
    }

    private init(_ scanner: FieldScanner) {
        entries = scanner.entries
        arguments = scanner.arguments
        bytes = scanner.bytes
        var names = NameTable(capacity: entries.count)
        var firstEntryOfName: [Int] = []
        firstEntryOfName.reserveCapacity(entries.count)
        var hasDuplicateNames = false
        for (index, entry) in entries.enumerated() {
            if names.insert(entry.name, hash: scanner.nameHashes[index], start: entry.location.offset).isNew {
                firstEntryOfName.append(index)
            } else {
                hasDuplicateNames = true
            }
        }
        self.names = names
        self.firstEntryOfName = firstEntryOfName
        self.hasDuplicateNames = hasDuplicateNames
    }

    /// The position in `entries` of the first field named `name`.
    public func firstIndex(named name: String) -> Int? {
        names.index(of: name).map { firstEntryOfName[$0] }
    }

    /// The first field named `name`.
    public func entry(named name: String) -> Entry? {
        firstIndex(named: name).map { entries[$0] }
    }

    /// The positions in `entries` of the fields named `name`, in document order.
    public func indices(named name: String) -> [Int] {
        guard let first = firstIndex(named: name) else { return [] }
        guard hasDuplicateNames else { return [first] }
        return entries.indices[first...].filter { entries[$0].name == name }
    }

    /// The arguments of `entry`, in order.
    public func arguments(of entry: Entry) -> ArraySlice<Argument> {
        arguments[entry.argumentIndices]
    }

    /// The first argument of `entry` named `name`.
    public func argument(named name: String, of entry: Entry) -> Argument? {
        arguments[entry.argumentIndices].first { $0.name == name }
    }

    /// The type of a field, as the parser gives it.
    public func type(of entry: Entry) -> TypeReference {
        FieldScanner.typeReference(bytes, entry.typeRange)
    }

    /// The type of an argument, as the parser gives it.
    public func type(of argument: Argument) -> TypeReference {
        FieldScanner.typeReference(bytes, argument.typeRange)
    }

    /// The named type inside an argument's type wrappers (`ID` for `[ID!]`).
    public func typeName(of argument: Argument) -> String {
        String(decoding: bytes[argument.typeNameRange], as: UTF8.self)
    }
}
