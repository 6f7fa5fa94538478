/// A JSON value. Numbers keep the distinction between integers and other numbers;
/// objects keep their keys in order (see `JSONObject`).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// An integer that fits in `Int` (written without fraction or exponent).
    case int(Int)
    /// Any other number.
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value of `.bool`, else `nil`.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The value of `.int`, else `nil`.
    public var intValue: Int? {
        if case .int(let i) = self { return i }
        return nil
    }

    /// The value of `.double`, or of `.int` converted to `Double`; else `nil`.
    public var doubleValue: Double? {
        switch self {
        case .double(let d): return d
        case .int(let i): return Double(i)
        default: return nil
        }
    }
}
