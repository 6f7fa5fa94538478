import GraphQLSDL
import JSON

/// Compares a record the API returned with the changes that were sent, to tell whether the changes
/// took (after an AUTOMERGE that may have kept the server's values) or were already in place.
///
/// A change is applied when the record's value equals the value sent: null equals an absent field,
/// numbers compare by value (`3` equals `3.0`), `AWSJSON` compares as parsed JSON rather than text,
/// and input objects compare field by field on the fields sent (the record may hold more).
public struct ResponseComparer: Sendable {
    public var catalogue: ModelCatalogue
    public var model: Model

    public init(catalogue: ModelCatalogue, model: Model) {
        self.catalogue = catalogue
        self.model = model
    }

    /// The names of the changed fields whose value in the record differs from the value sent, in the
    /// order of `changes`.
    public func unchangedFields(record: JSONObject, changes: JSONObject) -> [String] {
        changes.compactMap { name, sent in
            matches(record: record[name] ?? .null, sent: sent, type: type(of: name)) ? nil : name
        }
    }

    /// True when every change is in the record.
    public func allApplied(record: JSONObject, changes: JSONObject) -> Bool {
        unchangedFields(record: record, changes: changes).isEmpty
    }

    // MARK: - Comparison

    private func type(of name: String) -> TypeReference? {
        if let input = model.operations.updateInput.flatMap({ catalogue.inputObjects[$0] }), let field = input.field(name) {
            return field.type
        }
        return model.field(name)?.type
    }

    private func matches(record: JSONValue, sent: JSONValue, type: TypeReference?) -> Bool {
        if sent.isNull || record.isNull { return sent.isNull && record.isNull }
        switch type?.nullable {
        case .list(let element):
            guard let sentItems = sent.arrayValue, let recordItems = record.arrayValue, sentItems.count == recordItems.count else {
                return Self.equal(record, sent)
            }
            return zip(recordItems, sentItems).allSatisfy { matches(record: $0, sent: $1, type: element) }
        case .named(let name):
            if name == "AWSJSON" {
                return Self.equal(Self.parsedJSON(record), Self.parsedJSON(sent))
            }
            if let input = catalogue.inputObjects[name], let sentObject = sent.objectValue, let recordObject = record.objectValue {
                return sentObject.allSatisfy { key, value in
                    matches(record: recordObject[key] ?? .null, sent: value, type: input.field(key)?.type)
                }
            }
            return Self.equal(record, sent)
        default:
            return Self.equal(record, sent)
        }
    }

    /// The JSON an `AWSJSON` value holds: a string's parsed content, else the value itself.
    private static func parsedJSON(_ value: JSONValue) -> JSONValue {
        guard let text = value.stringValue, let parsed = try? JSONValue.parse(text) else { return value }
        return parsed
    }

    /// JSON equality with numbers compared by value and object keys in any order.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)):
            return Double(x) == y
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { equal(value, $0) } ?? false }
        default:
            return a == b
        }
    }
}
