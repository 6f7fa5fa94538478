import GQLPatchSupport
import JSON

/// `undo --only KEY`: a record's key as the user gives it, `VALUE` for a one-field key or
/// `FIELD=VALUE,FIELD=VALUE` for a composite one; a value matches a string by its text and a
/// number by its digits.
package struct UndoKeyFilter: Sendable, Equatable {
    /// nil field: the key's only field.
    package var pairs: [(field: String?, value: String)]

    package static func == (a: UndoKeyFilter, b: UndoKeyFilter) -> Bool {
        a.pairs.map(\.field) == b.pairs.map(\.field) && a.pairs.map(\.value) == b.pairs.map(\.value)
    }

    /// `text` as given after the option (`option` names it in messages).
    package init(_ text: String, option: String) throws(GQLPatchError) {
        guard !text.isEmpty else { throw .usage("\(option) expects a key (VALUE, or FIELD=VALUE,...), got ''") }
        guard text.contains("=") else {
            pairs = [(nil, text)]
            return
        }
        var pairs: [(field: String?, value: String)] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let equals = part.firstIndex(of: "="), equals != part.startIndex else {
                throw .usage("\(option) expects FIELD=VALUE,... for a composite key, got '\(text)'")
            }
            pairs.append((String(part[..<equals]), String(part[part.index(after: equals)...])))
        }
        self.pairs = pairs
    }

    package func matches(_ key: JSONObject) -> Bool {
        if pairs.count == 1, pairs[0].field == nil {
            return key.count == 1 && key.allSatisfy { Self.text($0.value) == pairs[0].value }
        }
        return pairs.count == key.count
            && pairs.allSatisfy { pair in key[pair.field ?? ""].map { Self.text($0) == pair.value } == true }
    }

    private static func text(_ value: JSONValue) -> String {
        value.stringValue ?? value.serialized()
    }
}
