/// A reference to a type as written in SDL: `Name`, `[T]`, `T!`.
public indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    case named(String)
    case list(TypeReference)
    /// Wraps `.named` or `.list`, never another `.nonNull`.
    case nonNull(TypeReference)

    /// The innermost named type (`[Int!]!` -> `Int`).
    public var namedType: String {
        switch self {
        case .named(let name): return name
        case .list(let inner), .nonNull(let inner): return inner.namedType
        }
    }

    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type with an outer `!` removed.
    public var nullable: TypeReference {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// True when the type (after an outer `!`) is a list.
    public var isList: Bool {
        if case .list = nullable { return true }
        return false
    }

    /// SDL spelling: `[String!]!`.
    public var description: String {
        switch self {
        case .named(let name): return name
        case .list(let inner): return "[\(inner.description)]"
        case .nonNull(let inner): return "\(inner.description)!"
        }
    }
}
