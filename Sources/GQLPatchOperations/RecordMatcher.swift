import JSON

/// Checks a record against a filter or condition object of the shape gqlpatch sends the service
/// (`{"F": {"eq": V}}`, `and`/`or`/`not`, `attributeExists`, `attributeType: "_null"`), for where
/// the client must decide itself: events of a subscription without a server-side filter, and the
/// conditions `wait` waits for. Comparisons follow DynamoDB's: numbers by value, strings by their
/// UTF-8 bytes, nothing matches across types.
package enum RecordMatcher {
    /// Whether `record` satisfies `test`.
    package static func matches(_ test: JSONValue, _ record: JSONObject) -> Bool {
        guard let object = test.objectValue else { return false }
        for (key, value) in object {
            switch key {
            case "and":
                guard let terms = value.arrayValue, terms.allSatisfy({ matches($0, record) }) else { return false }
            case "or":
                guard let terms = value.arrayValue, terms.contains(where: { matches($0, record) }) else { return false }
            case "not":
                if matches(value, record) { return false }
            default:
                guard let operators = value.objectValue,
                    operators.allSatisfy({ holds($0.key, $0.value, record[key]) })
                else { return false }
            }
        }
        return true
    }

    /// Whether the stored value (nil: absent) passes one operator.
    private static func holds(_ name: String, _ operand: JSONValue, _ stored: JSONValue?) -> Bool {
        let present = stored.map { !$0.isNull } ?? false
        switch name {
        case "attributeExists": return operand.boolValue == present
        case "attributeType":
            return operand.stringValue == "_null"
                ? stored?.isNull == true : present && typeName(stored!) == operand.stringValue
        case "eq": return present && equal(stored!, operand)
        case "ne": return !(present && equal(stored!, operand))
        case "gt": return present && (compare(stored!, operand).map { $0 > 0 } ?? false)
        case "ge": return present && (compare(stored!, operand).map { $0 >= 0 } ?? false)
        case "lt": return present && (compare(stored!, operand).map { $0 < 0 } ?? false)
        case "le": return present && (compare(stored!, operand).map { $0 <= 0 } ?? false)
        case "between":
            guard present, let bounds = operand.arrayValue, bounds.count == 2,
                let low = compare(stored!, bounds[0]), let high = compare(stored!, bounds[1])
            else { return false }
            return low >= 0 && high <= 0
        case "beginsWith":
            guard let text = stored?.stringValue, let prefix = operand.stringValue else { return false }
            return Array(text.utf8).starts(with: Array(prefix.utf8))
        case "contains", "notContains":
            var found = false
            if let text = stored?.stringValue, let part = operand.stringValue {
                found = text.contains(part)
            } else if let items = stored?.arrayValue {
                found = items.contains { equal($0, operand) }
            }
            return name == "contains" ? found : (present && !found)
        case "in":
            return present && (operand.arrayValue?.contains { equal(stored!, $0) } ?? false)
        case "notIn":
            return !(present && (operand.arrayValue?.contains { equal(stored!, $0) } ?? false))
        default:
            // An operator this client cannot check is not taken as passed.
            return false
        }
    }

    private static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        if let a = lhs.doubleValue, let b = rhs.doubleValue, lhs.isNumber, rhs.isNumber { return a == b }
        return lhs == rhs
    }

    /// -1, 0, 1; nil across types.
    private static func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
        if lhs.isNumber, rhs.isNumber, let a = lhs.doubleValue, let b = rhs.doubleValue {
            return a < b ? -1 : a > b ? 1 : 0
        }
        if let a = lhs.stringValue, let b = rhs.stringValue {
            let x = Array(a.utf8)
            let y = Array(b.utf8)
            return x.lexicographicallyPrecedes(y) ? -1 : x == y ? 0 : 1
        }
        return nil
    }

    private static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: "_null"
        case .bool: "boolean"
        case .int, .double: "number"
        case .string: "string"
        case .array: "list"
        case .object: "map"
        }
    }
}

extension JSONValue {
    fileprivate var isNumber: Bool {
        switch self {
        case .int, .double: true
        default: false
        }
    }
}
