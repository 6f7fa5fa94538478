import GQLPatchSchema
import GraphQLSDL
import JSON

/// Compares a record the API returned with the changes that were sent, to tell whether the changes
/// took (after an AUTOMERGE that may have kept the server's values) or were already in place.
///
/// A change is applied when the record's value equals the value sent, by the field's type, in
/// whatever spelling the server answers it: null equals an absent field, numbers compare by value
/// (`3` equals `3.0`), `AWSJSON` compares as parsed JSON rather than text, `AWSDate`, `AWSTime` and
/// `AWSDateTime` as the value they spell (`TemporalValue`), lists element by element, and input
/// objects field by field on the fields sent (the record may hold more). Given the selection the
/// record was read with, only what it selects is compared (a dotted selected path returns part of an
/// object that was sent whole).
public struct ResponseComparer: Sendable {
    public var catalogue: ModelCatalogue
    public var model: Model

    public init(catalogue: ModelCatalogue, model: Model) {
        self.catalogue = catalogue
        self.model = model
    }

    /// The names of the changed fields whose value in the record differs from the value sent, in the
    /// order of `changes`. With `selection`, fields it does not select are not compared, and an object
    /// only on the subfields it selects.
    public func unchangedFields(record: JSONObject, changes: JSONObject, selection: SelectionSet? = nil) -> [String] {
        changes.compactMap { name, sent in
            var subselection: SelectionSet?
            if let selection {
                guard let field = selection.fields.first(where: { $0.name == name }) else { return nil }
                subselection = field.subselection
            }
            return matches(record: record[name] ?? .null, sent: sent, type: type(of: name), selection: subselection)
                ? nil : name
        }
    }

    /// True when every change is in the record.
    public func allApplied(record: JSONObject, changes: JSONObject) -> Bool {
        unchangedFields(record: record, changes: changes).isEmpty
    }

    /// Whether `a` and `b` are the same value of `type` (temporal values by instant, `AWSJSON` by content,
    /// numbers by value, input objects field by field).
    package func same(_ a: JSONValue, _ b: JSONValue, type: TypeReference) -> Bool {
        matches(record: a, sent: b, type: type, selection: nil)
            && matches(record: b, sent: a, type: type, selection: nil)
    }

    /// Whether two records hold the same value in `field` (absent as null), by the model's type of
    /// the field as `same(_:_:type:)` compares: the one notion of "the same value" that `diff`,
    /// `update`'s checks and resumed runs share. A field the model lacks compares as plain JSON.
    public func sameValue(_ a: JSONValue?, _ b: JSONValue?, field: String) -> Bool {
        guard let type = model.field(field)?.type ?? type(of: field) else { return Self.equal(a ?? .null, b ?? .null) }
        return same(a ?? .null, b ?? .null, type: type)
    }

    // MARK: - Comparison

    private func type(of name: String) -> TypeReference? {
        if let input = model.operations.updateInput.flatMap({ catalogue.inputObjects[$0] }),
            let field = input.field(name)
        {
            return field.type
        }
        return model.field(name)?.type
    }

    private func matches(record: JSONValue, sent: JSONValue, type: TypeReference?, selection: SelectionSet?) -> Bool {
        if sent.isNull || record.isNull { return sent.isNull && record.isNull }
        switch type?.nullable {
        case .list(let element):
            guard let sentItems = sent.arrayValue, let recordItems = record.arrayValue,
                sentItems.count == recordItems.count
            else {
                return Self.equal(record, sent)
            }
            return zip(recordItems, sentItems).allSatisfy {
                matches(record: $0, sent: $1, type: element, selection: selection)
            }
        case .named(let name):
            if name == "AWSJSON" {
                return Self.equal(Self.parsedJSON(record), Self.parsedJSON(sent))
            }
            if let sentText = sent.stringValue, let recordText = record.stringValue,
                let sentValue = TemporalValue(sentText, scalar: name),
                let recordValue = TemporalValue(recordText, scalar: name)
            {
                return sentValue == recordValue
            }
            if let input = catalogue.inputObjects[name], let sentObject = sent.objectValue,
                let recordObject = record.objectValue
            {
                return sentObject.allSatisfy { key, value in
                    var subselection: SelectionSet?
                    if let selection {
                        guard let field = selection.fields.first(where: { $0.name == key }) else { return true }
                        subselection = field.subselection
                    }
                    return matches(
                        record: recordObject[key] ?? .null, sent: value, type: input.field(key)?.type,
                        selection: subselection)
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
    package static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
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
