import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

/// Works out the new value of each field that `FieldEdit`s touch, from the record as read: the rest
/// of an object is kept as read, list edits and counters start from the value read (absent: an empty
/// list, 0). Each new value is then typed against the update input, so an object the edits create
/// must have every required sub-field, and a counter must stay within GraphQL's 32-bit `Int`.
public struct FieldEditor: Sendable {
    public var catalogue: ModelCatalogue
    public var model: Model

    public init(catalogue: ModelCatalogue, model: Model) {
        self.catalogue = catalogue
        self.model = model
    }

    /// The new values of the edited top-level fields, in the order they are first edited.
    public func apply(_ edits: [FieldEdit], to record: JSONObject) throws(GQLPatchError) -> JSONObject {
        var result = JSONObject()
        var created: [String: [[String]]] = [:]  // top-level field -> paths of objects the edits created
        for edit in edits {
            let current = result[edit.field] ?? record[edit.field] ?? .null
            var made: [[String]] = []
            result[edit.field] = try applying(edit, to: current, created: &made)
            created[edit.field, default: []] += made
        }
        for (field, value) in result {
            guard let edit = edits.first(where: { $0.field == field }) else { continue }
            let place = "\(model.name).\(field)"
            for path in created[field] ?? [] {
                try checkRequired(in: value, at: path, type: edit.fieldType, place: place)
            }
            result[field] = try ValueTyper(catalogue: catalogue).value(fromJSON: value, as: edit.fieldType, at: place)
        }
        return result
    }

    /// Whether two values of `type` are the same (by the type: temporal values by instant, `AWSJSON` by
    /// content, numbers by value), as `remove` and `add` compare list items.
    public func same(_ a: JSONValue, _ b: JSONValue, type: TypeReference) -> Bool {
        ResponseComparer(catalogue: catalogue, model: model).same(a, b, type: type)
    }

    private func applying(_ edit: FieldEdit, to current: JSONValue, created: inout [[String]])
        throws(GQLPatchError) -> JSONValue
    {
        let place = "\(model.name).\(edit.shownPath)"
        switch edit.operation {
        case .set(let value):
            return try setting(value, at: edit.path.dropFirst(), in: current, walked: [], created: &created)
        case .unset:
            return try setting(nil, at: edit.path.dropFirst(), in: current, walked: [], created: &created)
        case .merge(let patch):
            if current.objectValue == nil { created.append([]) }
            return Self.mergePatch(current, .object(patch))
        case .append(let items):
            return .array(try list(current, place) + items)
        case .prepend(let items):
            return .array(items + (try list(current, place)))
        case .remove(let items):
            let element = Self.element(of: edit.fieldType)
            return .array(try list(current, place).filter { old in !items.contains { same(old, $0, type: element) } })
        case .add(let items):
            let element = Self.element(of: edit.fieldType)
            var values = try list(current, place)
            for item in items where !values.contains(where: { same($0, item, type: element) }) { values.append(item) }
            return .array(values)
        case .increment(let amount):
            return try incremented(current, by: amount, place: place)
        }
    }

    /// `current` with the sub-field at `path` set to `value` (nil: removed). An absent object on the way
    /// is created (and recorded in `created`, so its required sub-fields are checked).
    private func setting(
        _ value: JSONValue?, at path: ArraySlice<String>, in current: JSONValue, walked: [String],
        created: inout [[String]]
    ) throws(GQLPatchError) -> JSONValue {
        guard let name = path.first else { return value ?? .null }
        var object: JSONObject
        switch current {
        case .object(let existing): object = existing
        case .null:
            // Removing a sub-field of an absent object changes nothing.
            guard value != nil else { return .null }
            object = JSONObject()
            created.append(walked)
        default:
            let shown = ([model.name] + walked).joined(separator: ".")
            throw .invalidInput("\(shown): the record holds \(ValueTyper.describe(current)) here, not an object")
        }
        if path.count == 1 {
            if let value { object[name] = value } else { _ = object.removeValue(forKey: name) }
        } else {
            object[name] = try setting(
                value, at: path.dropFirst(), in: object[name] ?? .null, walked: walked + [name], created: &created)
        }
        return .object(object)
    }

    /// Every required sub-field of the object at `path` (created by the edits) is there, or the names of
    /// those missing.
    private func checkRequired(in value: JSONValue, at path: [String], type: TypeReference, place: String)
        throws(GQLPatchError)
    {
        var object = value
        var objectType = type
        for name in path {
            guard let input = catalogue.inputObjects[objectType.namedType], let field = input.field(name) else {
                return
            }
            object = object[name] ?? .null
            objectType = field.type
        }
        guard let input = catalogue.inputObjects[objectType.namedType], let fields = object.objectValue else { return }
        let missing = input.fields.filter { $0.type.isNonNull && (fields[$0.name] ?? .null).isNull }.map(\.name)
        guard !missing.isEmpty else { return }
        let shown = ([place] + path).joined(separator: ".")
        throw .invalidInput(
            "\(shown) is absent in the record, so setting part of it creates it, and \(input.name) also requires \(missing.joined(separator: ", ")): give \(missing.count == 1 ? "it" : "them") too"
        )
    }

    private func list(_ current: JSONValue, _ place: String) throws(GQLPatchError) -> [JSONValue] {
        if current.isNull { return [] }
        guard let items = current.arrayValue else {
            throw .invalidInput("\(place): the record holds \(ValueTyper.describe(current)), not a list")
        }
        return items
    }

    private func incremented(_ current: JSONValue, by amount: JSONValue, place: String) throws(GQLPatchError)
        -> JSONValue
    {
        switch amount {
        case .int(let step):
            let old: Int
            switch current {
            case .null: old = 0
            case .int(let value): old = value
            default: throw .invalidInput("\(place): the record holds \(ValueTyper.describe(current)), not an Int")
            }
            let (sum, overflow) = old.addingReportingOverflow(step)
            guard !overflow, sum >= Int(Int32.min), sum <= Int(Int32.max) else {
                throw .invalidInput(
                    "\(place): \(old) \(step < 0 ? "-" : "+") \(step.magnitude) is outside the range of Int (\(Int32.min)...\(Int32.max)); nothing was written"
                )
            }
            return .int(sum)
        default:
            let step = amount.doubleValue ?? 0
            let old: Double
            if current.isNull {
                old = 0
            } else if let value = current.doubleValue {
                old = value
            } else {
                throw .invalidInput("\(place): the record holds \(ValueTyper.describe(current)), not a Float")
            }
            let sum = old + step
            guard sum.isFinite else {
                throw .invalidInput("\(place): \(old) + \(step) is not a finite Float; nothing was written")
            }
            return .double(sum)
        }
    }

    /// The item type of a list type (`[String!]` -> `String!`).
    package static func element(of type: TypeReference) -> TypeReference {
        if case .list(let element) = type.nullable { return element }
        return type
    }

    /// RFC 7396: a patch object merges into the target member by member (`null` removes one); any other
    /// patch replaces the target.
    package static func mergePatch(_ target: JSONValue, _ patch: JSONValue) -> JSONValue {
        guard let members = patch.objectValue else { return patch }
        var result = target.objectValue ?? JSONObject()
        for (name, value) in members {
            if value.isNull {
                _ = result.removeValue(forKey: name)
            } else {
                result[name] = mergePatch(result[name] ?? .null, value)
            }
        }
        return .object(result)
    }
}
