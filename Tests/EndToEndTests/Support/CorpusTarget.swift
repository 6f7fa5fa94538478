import Foundation
import JSON

/// A model of a catalogue (as `gqlpatch schema` prints it) to plan commands on: the first one with an
/// update and a settable `String` field, with a value for each of its key fields typed by the schema.
struct CorpusTarget {
    var model: String
    var keyJSON: JSONObject
    var textField: String

    var keyFlags: [String] {
        keyJSON.map { name, value in ["--key", "\(name)=\(value.stringValue ?? value.serialized())"] }
            .flatMap { $0 }
    }

    static func pick(from catalogue: JSONValue) -> CorpusTarget? {
        guard let models = catalogue["models"]?.objectValue else { return nil }
        for (name, model) in models {
            guard model["operations"]?["update"]?.stringValue != nil,
                let fields = model["fields"]?.arrayValue,
                let primaryKey = model["primaryKey"]?.arrayValue?.compactMap(\.stringValue)
            else { continue }
            let byName = Dictionary(fields.compactMap { f in f["name"]?.stringValue.map { ($0, f) } }) { a, _ in a }
            guard
                let text = fields.first(where: { field in
                    let type = field["type"]?.stringValue ?? ""
                    return (type == "String" || type == "String!") && field["readOnly"] != true
                        && !primaryKey.contains(field["name"]?.stringValue ?? "")
                })?["name"]?.stringValue
            else { continue }
            var key = JSONObject()
            var typed = true
            for field in primaryKey {
                switch byName[field]?["type"]?.stringValue?.replacingOccurrences(of: "!", with: "") {
                case "ID", "String": key[field] = "k1"
                case "Int": key[field] = 1
                case "AWSDateTime": key[field] = "2024-01-01T00:00:00Z"
                case "AWSDate": key[field] = "2024-01-01"
                default: typed = false
                }
            }
            if typed { return CorpusTarget(model: name, keyJSON: key, textField: text) }
        }
        return nil
    }
}
