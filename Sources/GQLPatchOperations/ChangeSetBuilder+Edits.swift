import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

extension ChangeSetBuilder {
    /// `imageFile.key=V` or an unset of it: typed by the nested input field, any depth.
    func nestedEdit(_ change: FieldAssignment, model: Model, input: InputObject?, key: Key) throws(GQLPatchError)
        -> FieldEdit
    {
        let path = change.field.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !path.contains(where: \.isEmpty) else {
            throw .invalidInput("\(ValueTyper.quoted(change.field)) is not a field path (empty part)")
        }
        let top = path[0]
        let fieldType = try changeableType(of: top, model: model, input: input, key: key)
        var type = fieldType
        var walked = top
        for name in path.dropFirst() {
            guard !type.isList, let object = catalogue.inputObjects[type.namedType] else {
                throw .invalidInput(
                    "\(model.name).\(walked) is \(type), not an object: \(walked).\(name) cannot be changed")
            }
            guard let field = object.field(name) else {
                let names = object.fields.map(\.name).joined(separator: ", ")
                throw .unknownName(
                    "\(model.name).\(walked): unknown field \(ValueTyper.quoted(name)) (\(object.name) has: \(names))")
            }
            walked += "." + name
            type = field.type
        }
        let place = "\(model.name).\(change.field)"
        if change.value == .null {
            if type.isNonNull {
                throw .invalidInput(
                    "\(change.field) is required (\(type)) and cannot be unset; set it, or unset \(path.dropLast().joined(separator: ".")) whole"
                )
            }
            return FieldEdit(path: path, operation: .unset, fieldType: fieldType)
        }
        let value = try value(of: change, as: type, at: place)
        return FieldEdit(path: path, operation: .set(value), fieldType: fieldType)
    }

    /// A list edit's item typed as the list's item type, or a counter's amount as the field's type.
    func edit(_ request: EditRequest, model: Model, input: InputObject?, key: Key) throws(GQLPatchError) -> FieldEdit {
        let name = request.assignment.field
        let source = Self.source(of: request.kind)
        if name.contains(".") {
            throw .invalidInput(
                "\(wording.field(name, in: source)): only a top-level field can be edited this way (a nested list or counter is not supported yet)"
            )
        }
        let type = try changeableType(of: name, model: model, input: input, key: key)
        let place = "\(model.name).\(name)"
        switch request.kind {
        case .append, .prepend, .remove, .add:
            guard type.isList else {
                throw .invalidInput("\(wording.field(name, in: source)): \(name) is \(type), not a list")
            }
            let item = try value(of: request.assignment, as: FieldEditor.element(of: type), at: "\(place)[]")
            let operation: FieldEdit.Operation =
                switch request.kind {
                case .append: .append([item])
                case .prepend: .prepend([item])
                case .remove: .remove([item])
                default: .add([item])
                }
            return FieldEdit(path: [name], operation: operation, fieldType: type)
        case .increment, .decrement:
            guard case .named(let scalar) = type.nullable, scalar == "Int" || scalar == "Float" else {
                throw .invalidInput(
                    "\(wording.field(name, in: source)): \(name) is \(type); only Int and Float fields count")
            }
            if request.assignment.value == .null {
                throw .invalidInput("\(wording.field(name, in: source)): give a number")
            }
            var amount = try value(of: request.assignment, as: .nonNull(.named(scalar)), at: place)
            if request.kind == .decrement {
                switch amount {
                case .int(let step): amount = .int(-step)
                case .double(let step): amount = .double(-step)
                default: break
                }
            }
            return FieldEdit(path: [name], operation: .increment(amount), fieldType: type)
        }
    }

    /// A patch object for an object field, typed member by member (`null` removes one, so a required
    /// sub-field cannot be null).
    func mergePatch(_ members: JSONObject, input: InputObject, at place: String) throws(GQLPatchError) -> JSONObject {
        var typed = JSONObject()
        for (name, value) in members {
            guard let field = input.field(name) else {
                let names = input.fields.map(\.name).joined(separator: ", ")
                throw .unknownName("\(place): unknown field \(ValueTyper.quoted(name)) (\(input.name) has: \(names))")
            }
            if value.isNull {
                if field.type.isNonNull {
                    throw .invalidInput(
                        "\(place).\(name) is required (\(field.type)) and cannot be removed by the patch's null")
                }
                typed[name] = .null
            } else if let nested = value.objectValue, !field.type.isList,
                let object = catalogue.inputObjects[field.type.namedType]
            {
                typed[name] = .object(try mergePatch(nested, input: object, at: "\(place).\(name)"))
            } else {
                typed[name] = try ValueTyper(catalogue: catalogue).value(
                    fromJSON: value, as: field.type, at: "\(place).\(name)")
            }
        }
        return typed
    }

    /// Refuses a field given whole and also in part or edited (`imageFile` set whole and `imageFile.key`
    /// set, `tags` set and appended to), and a path set twice through its parent (`a.b` and `a.b.c`).
    func checkOverlaps(typed: JSONObject, edits: [FieldEdit], flagged: [String: String], requests: [EditRequest])
        throws(GQLPatchError)
    {
        for edit in edits where typed[edit.field] != nil {
            let how = requests.first { $0.assignment.field == edit.field }.map {
                wording.name(Self.source(of: $0.kind))
            }
            let other = how ?? (edit.path.count > 1 ? "\(wording.name(.set)) \(edit.shownPath)" : wording.name(.patch))
            throw .usage(
                "\(edit.field) is given whole (\(flagged[edit.field] ?? wording.name(.patch))) and also by \(other)")
        }
        let nested = edits.filter {
            if case .set = $0.operation {
                return true
            } else if case .unset = $0.operation {
                return true
            } else {
                return false
            }
        }
        for a in nested {
            for b in nested where b.path.count > a.path.count && Array(b.path.prefix(a.path.count)) == a.path {
                throw .usage("\(a.shownPath) and \(b.shownPath) overlap: give one of them")
            }
        }
        let counters = Set(edits.filter(\.isCounter).map(\.field))
        for edit in edits where counters.contains(edit.field) && !edit.isCounter {
            throw .usage("\(edit.field) is counted and also changed otherwise: give one of them")
        }
    }

    static func source(of kind: EditRequest.Kind) -> InputSource {
        switch kind {
        case .append: .append
        case .prepend: .prepend
        case .remove: .remove
        case .add: .add
        case .increment: .increment
        case .decrement: .decrement
        }
    }
}
