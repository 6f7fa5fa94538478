import JSON

/// Keeps only the selected fields of a record (used when a record fetched with a wider
/// selection is printed).
package enum SelectionProjection {
    package static func project(_ record: JSONObject, onto selection: SelectionSet) -> JSONObject {
        var result = JSONObject()
        for field in selection.fields {
            guard let value = record[field.name] else { continue }
            if let sub = field.subselection {
                result[field.name] = project(value, onto: sub)
            } else {
                result[field.name] = value
            }
        }
        return result
    }

    private static func project(_ value: JSONValue, onto selection: SelectionSet) -> JSONValue {
        switch value {
        case .object(let object): return .object(project(object, onto: selection))
        case .array(let items): return .array(items.map { project($0, onto: selection) })
        default: return value
        }
    }
}
