import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

/// Turns given values into the JSON the API expects for a schema type, checking them on the way:
/// `F=TEXT` values are typed by the field's type (`00123` stays a string for a `String` field),
/// `F:=JSON` values and patch objects are checked recursively. Every refusal is `.invalidInput`
/// and names the place (`Item.imageFile.bucket`) and the problem.
public struct ValueTyper: Sendable {
    public var catalogue: ModelCatalogue

    public init(catalogue: ModelCatalogue) {
        self.catalogue = catalogue
    }

    /// Types an `F=TEXT` value. Lists and input objects must be written as JSON text.
    public func value(fromText text: String, as type: TypeReference, at path: String) throws(GQLPatchError) -> JSONValue
    {
        let nullable = type.nullable
        if case .list = nullable {
            return try value(fromJSON: parseJSON(text, for: type, at: path), as: type, at: path)
        }
        let name = nullable.namedType
        if catalogue.inputObjects[name] != nil {
            return try value(fromJSON: parseJSON(text, for: type, at: path), as: type, at: path)
        }
        if let values = catalogue.enums[name] {
            return .string(try checkEnum(text, shown: Self.quoted(text), values: values, enumName: name, at: path))
        }
        return try scalar(fromText: text, named: name, at: path)
    }

    /// Checks a JSON value (from `F:=JSON` or a patch object) against a type, recursively, and returns the value
    /// to send (whole numbers for `Int`, a JSON string for `AWSJSON`).
    public func value(fromJSON json: JSONValue, as type: TypeReference, at path: String) throws(GQLPatchError)
        -> JSONValue
    {
        if json.isNull {
            if type.isNonNull {
                throw .invalidInput("\(path): null is not allowed (\(type) is required)")
            }
            return .null
        }
        switch type.nullable {
        case .list(let element):
            guard let items = json.arrayValue else {
                throw .invalidInput("\(path): expected a list (\(type)), got \(Self.describe(json))")
            }
            var typed: [JSONValue] = []
            typed.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                typed.append(try value(fromJSON: item, as: element, at: "\(path)[\(index)]"))
            }
            return .array(typed)
        case .named(let name):
            if let input = catalogue.inputObjects[name] {
                return try inputObject(fromJSON: json, input: input, at: path)
            }
            if let values = catalogue.enums[name] {
                guard let text = json.stringValue else {
                    throw .invalidInput(
                        "\(path): expected a value of enum \(name) (\(values.joined(separator: ", "))), got \(Self.describe(json))"
                    )
                }
                return .string(try checkEnum(text, shown: Self.quoted(text), values: values, enumName: name, at: path))
            }
            return try scalar(fromJSON: json, named: name, at: path)
        case .nonNull:
            // `nullable` never returns `.nonNull`.
            return try value(fromJSON: json, as: type.nullable, at: path)
        }
    }

    // MARK: - Input objects

    private func inputObject(fromJSON json: JSONValue, input: InputObject, at path: String) throws(GQLPatchError)
        -> JSONValue
    {
        guard let object = json.objectValue else {
            throw .invalidInput("\(path): expected an object (\(input.name)), got \(Self.describe(json))")
        }
        var typed = JSONObject()
        for (key, fieldValue) in object {
            guard let field = input.field(key) else {
                let names = input.fields.map(\.name).joined(separator: ", ")
                throw .unknownName("\(path): unknown field \(Self.quoted(key)) (\(input.name) has: \(names))")
            }
            typed[key] = try value(fromJSON: fieldValue, as: field.type, at: "\(path).\(key)")
        }
        // Every missing required field at once: one round of corrections, not one per field.
        let missing = input.fields.filter { $0.type.isNonNull && object[$0.name] == nil }.map(\.name)
        if missing.count == 1 { throw .invalidInput("\(path).\(missing[0]): missing required field") }
        if !missing.isEmpty {
            throw .invalidInput(
                "\(path): missing required fields \(missing.joined(separator: ", ")) (\(input.name))")
        }
        return .object(typed)
    }

    // MARK: - Enums

    private func checkEnum(
        _ text: String, shown: String, values: [String], enumName: String, at path: String
    ) throws(GQLPatchError) -> String {
        guard values.contains(text) else {
            throw .invalidInput(
                "\(path): \(shown) is not a value of enum \(enumName) (\(values.joined(separator: ", ")))")
        }
        return text
    }

    // MARK: - Scalars

    private func scalar(fromText text: String, named name: String, at path: String) throws(GQLPatchError) -> JSONValue {
        switch name {
        case "String", "ID":
            return .string(text)
        case "Int":
            guard ScalarFormat.isIntegerLiteral(text) else {
                throw .invalidInput("\(path): expected an Int, got \(Self.quoted(Self.abbreviated(text)))")
            }
            guard let number = Int(text) else { throw intRangeError(text, at: path) }
            return .int(try checkInt32(number, shown: text, at: path))
        case "AWSTimestamp":
            guard ScalarFormat.isIntegerLiteral(text), let number = Int(text) else {
                throw .invalidInput(
                    "\(path): expected an AWSTimestamp (whole seconds since 1970-01-01T00:00Z), got \(Self.quoted(Self.abbreviated(text)))"
                )
            }
            return .int(number)
        case "Float":
            guard let number = ScalarFormat.decimal(text) else {
                throw .invalidInput("\(path): expected a Float, got \(Self.quoted(text))")
            }
            guard number.isFinite else {
                throw .invalidInput("\(path): \(text) is too large for a Float")
            }
            return .double(number)
        case "Boolean":
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw .invalidInput("\(path): expected a Boolean (true or false), got \(Self.quoted(text))")
            }
        case "AWSJSON":
            do {
                _ = try JSONValue.parse(text)
            } catch {
                throw .invalidInput(
                    "\(path): \(Self.quoted(Self.abbreviated(text))) is not valid JSON for AWSJSON (\(error))")
            }
            return .string(text)
        default:
            if let reason = ScalarFormat.problem(with: text, asScalar: name) {
                throw .invalidInput(
                    "\(path): \(Self.quoted(Self.abbreviated(text))) is not a valid \(name) (\(reason))")
            }
            // AWS string scalars and unknown custom scalars travel as strings.
            return .string(text)
        }
    }

    private func scalar(fromJSON json: JSONValue, named name: String, at path: String) throws(GQLPatchError)
        -> JSONValue
    {
        switch name {
        case "String":
            guard let text = json.stringValue else {
                throw .invalidInput("\(path): expected a String, got \(Self.describe(json))")
            }
            return .string(text)
        case "ID":
            // GraphQL accepts an integer for an ID input; it travels as a string.
            if case .int(let number) = json { return .string(String(number)) }
            guard let text = json.stringValue else {
                throw .invalidInput("\(path): expected an ID (a string), got \(Self.describe(json))")
            }
            return .string(text)
        case "Int":
            guard let number = Self.wholeNumber(json) else {
                throw .invalidInput("\(path): expected an Int, got \(Self.describe(json))")
            }
            return .int(try checkInt32(number, shown: String(number), at: path))
        case "AWSTimestamp":
            guard let number = Self.wholeNumber(json) else {
                throw .invalidInput(
                    "\(path): expected an AWSTimestamp (whole seconds since 1970-01-01T00:00Z), got \(Self.describe(json))"
                )
            }
            return .int(number)
        case "Float":
            switch json {
            case .int(let number): return .double(Double(number))
            case .double(let number) where number.isFinite: return .double(number)
            default: throw .invalidInput("\(path): expected a Float, got \(Self.describe(json))")
            }
        case "Boolean":
            guard case .bool = json else {
                throw .invalidInput("\(path): expected a Boolean (true or false), got \(Self.describe(json))")
            }
            return json
        case "AWSJSON":
            if let text = json.stringValue {
                return try scalar(fromText: text, named: name, at: path)
            }
            return .string(json.serialized())
        default:
            if ModelCatalogue.builtInScalars.contains(name) {
                guard let text = json.stringValue else {
                    throw .invalidInput("\(path): expected an \(name) string, got \(Self.describe(json))")
                }
                return try scalar(fromText: text, named: name, at: path)
            }
            // Unknown custom scalar: sent as given.
            return json
        }
    }

    private func checkInt32(_ number: Int, shown: String, at path: String) throws(GQLPatchError) -> Int {
        guard number >= Int(Int32.min), number <= Int(Int32.max) else { throw intRangeError(shown, at: path) }
        return number
    }

    private func intRangeError(_ shown: String, at path: String) -> GQLPatchError {
        .invalidInput("\(path): \(Self.abbreviated(shown)) is outside the range of Int (\(Int32.min)...\(Int32.max))")
    }

    private func parseJSON(_ text: String, for type: TypeReference, at path: String) throws(GQLPatchError) -> JSONValue
    {
        do {
            return try JSONValue.parse(text)
        } catch {
            throw .invalidInput(
                "\(path): expected JSON for \(type.nullable), got \(Self.quoted(Self.abbreviated(text))) (\(error))")
        }
    }

    // MARK: - Message helpers

    /// A JSON value as a message shows it: strings quoted, numbers and booleans as written,
    /// lists and objects by kind.
    package static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .string(let text): return Self.quoted(abbreviated(text))
        case .array: return "a list"
        case .object: return "an object"
        }
    }

    /// An `Int` from `.int` or a whole `.double` (`3.0`).
    package static func wholeNumber(_ value: JSONValue) -> Int? {
        switch value {
        case .int(let number):
            return number
        case .double(let number):
            // Conversions only (no rounding functions): whole when it survives the round trip.
            guard number > -9.2e18, number < 9.2e18 else { return nil }
            let whole = Int(number)
            return Double(whole) == number ? whole : nil
        default:
            return nil
        }
    }

    package static func abbreviated(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    /// `"text"` with quotes, backslashes and control characters escaped, for messages.
    package static func quoted(_ text: String) -> String {
        StringLiteral.quoted(text)
    }
}
