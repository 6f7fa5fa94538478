/// A GraphQL input value literal (argument values, default values).
public indirect enum Value: Sendable, Hashable {
    case variable(String)
    /// Integer literal text as written (`-12`).
    case int(String)
    /// Float literal text as written (`1.5e3`).
    case float(String)
    /// The string's value after escapes and block-string indentation are processed.
    case string(String)
    case boolean(Bool)
    case null
    case enumValue(String)
    case list([Value])
    case object([ObjectField])
}
