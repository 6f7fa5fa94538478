import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// A sequence plan (`insert`, `renumber`) as `apply` lines, run strictly in order through the apply
/// machinery (`--atomic` rollback, the journal, `--resume`): the lines are the plan file a resumed run
/// finishes, so a resume never reads a half-moved sequence again.
///
/// A move of a key field (the primary key's sort key) is two lines: a create at the new key with the
/// row's data, then a delete of the old key guarded by what was read; a move of a plain field is one
/// guarded update. The guard: the version read on a versioned model, else `updatedAt` as read (every
/// write sets it), else the row's scalar values; a plain field's update also requires the old number.
/// So a concurrent change of a row being moved fails its line (a conflict) and the batch is undone.
package struct SequenceBatch: Sendable {
    /// What one line does in the plan (from its position and op, so a resumed plan file says it too).
    package enum Role: Sendable, Equatable {
        /// A key move's create of the row's copy at `move.to`.
        case copy(SequenceMove)
        /// A key move's delete of `move.from`, which completes the move.
        case remove(SequenceMove)
        /// A plain field's update from `move.from` to `move.to`.
        case renumber(SequenceMove)
        /// `insert`'s new row.
        case newRow
    }

    package var lines: [JSONValue]

    package var catalogue: ModelCatalogue
    package var model: Model
    /// The ordering field.
    package var field: String
    /// The guard uses `_version` (or `@versioned`'s version) rather than values.
    package var versioned: Bool

    package init(catalogue: ModelCatalogue, model: Model, field: String, versioned: Bool) {
        self.catalogue = catalogue
        self.model = model
        self.field = field
        self.versioned = versioned
        lines = []
    }

    /// Whether the ordering field is in the primary key (a move re-creates the row).
    package var movesKeys: Bool { model.primaryKey.contains(field) }

    /// Adds the lines of `plan`'s moves; `rows`: each number's record as read (with the version when
    /// versioned, `updatedAt` when the model has it).
    ///
    /// `copiesFirst` (key moves only): every copy first, in plan order, then the deletes of the old
    /// keys, highest first, for a run that cannot undo its deletes (a versioned model's, under
    /// `--via-gap`): a failure part-way leaves the lower rows at their old numbers and the higher ones
    /// moved, so removing the copies of the rows not moved keeps the sequence's order.
    package mutating func add(_ plan: SequencePlan, rows: [Int: JSONObject], copiesFirst: Bool = false)
        throws(GQLPatchError)
    {
        var deletes: [(Int, JSONValue)] = []
        for move in plan.moves {
            guard let record = rows[move.from] else {
                throw GQLPatchError(.invalidInput, "no row read for \(field) \(move.from)")
            }
            let key = key(of: record)
            if movesKeys {
                var copyKey = key
                copyKey[field] = .int(move.to)
                lines.append(line("create", key: copyKey, members: [("set", .object(try copiedFields(record)))]))
                let delete = line("delete", key: key, members: try guardMembers(record, oldNumber: nil))
                if copiesFirst { deletes.append((move.from, delete)) } else { lines.append(delete) }
            } else {
                let members =
                    [("set", JSONValue.object(JSONObject([(field, .int(move.to))])))]
                    + (try guardMembers(record, oldNumber: move.from))
                lines.append(line("update", key: key, members: members))
            }
        }
        lines += deletes.sorted { $0.0 > $1.0 }.map(\.1)
    }

    /// Adds the create of `insert`'s new row: `input` is its typed create input (key, ordering field
    /// and values).
    package mutating func addNewRow(_ input: JSONObject) {
        var key = JSONObject()
        var set = JSONObject()
        for (name, value) in input {
            if model.primaryKey.contains(name) { key[name] = value } else { set[name] = value }
        }
        lines.append(line("create", key: key, members: [("set", .object(set))]))
    }

    /// The roles of a plan file's lines, in order (`field`: the ordering field). A line that is not
    /// one this type writes is nil. `insert`'s new row is the last line, a create, when the creates
    /// outnumber the deletes; the other creates are copies, paired with the deletes by rank (a move
    /// keeps the rows' order, so the k-th lowest old number goes to the k-th lowest new one), whichever
    /// order the lines are in.
    package static func roles(of lines: [JSONValue], field: String) -> [Role?] {
        var roles = [Role?](repeating: nil, count: lines.count)
        var creates: [Int] = []
        var deletes: [Int] = []
        for (index, line) in lines.enumerated() {
            switch line["op"]?.stringValue {
            case "create": creates.append(index)
            case "delete": deletes.append(index)
            case "update":
                if let from = line["if"]?[field]?.intValue, let to = line["set"]?[field]?.intValue {
                    roles[index] = .renumber(SequenceMove(from: from, to: to))
                }
            default: break
            }
        }
        if creates.count == deletes.count + 1, let last = creates.last, last == lines.count - 1 {
            roles[last] = .newRow
            creates.removeLast()
        }
        guard creates.count == deletes.count else { return roles }
        let number = { (index: Int) in lines[index]["key"]?[field]?.intValue ?? Int.min }
        for (copy, delete) in zip(
            creates.sorted { number($0) < number($1) }, deletes.sorted { number($0) < number($1) })
        {
            let move = SequenceMove(from: number(delete), to: number(copy))
            roles[copy] = .copy(move)
            roles[delete] = .remove(move)
        }
        return roles
    }

    /// The ordering field of a plan file's lines: the `"set"` field of its updates, or the key field
    /// whose value differs between a copy and the delete after it; nil for a plan without moves.
    package static func orderField(of lines: [JSONValue]) -> String? {
        for (index, line) in lines.enumerated() {
            switch line["op"]?.stringValue {
            case "update":
                if let set = line["set"]?.objectValue, set.count == 1, let name = set.keys.first { return name }
            case "create":
                guard index + 1 < lines.count, lines[index + 1]["op"]?.stringValue == "delete",
                    let copy = line["key"]?.objectValue, let old = lines[index + 1]["key"]?.objectValue
                else { continue }
                if let name = copy.keys.first(where: { copy[$0] != old[$0] }) { return name }
            default: continue
            }
        }
        return nil
    }

    /// The JSON Lines text of the plan file.
    package var text: [UInt8] {
        var bytes: [UInt8] = []
        for line in lines {
            line.write(to: &bytes, pretty: false)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    // MARK: - Lines

    private func line(_ op: String, key: JSONObject, members: [(String, JSONValue)]) -> JSONValue {
        var object = JSONObject([("op", .string(op)), ("model", .string(model.name))])
        if !key.isEmpty { object["key"] = .object(key) }
        for (name, value) in members { object[name] = value }
        return .object(object)
    }

    private func key(of record: JSONObject) -> JSONObject {
        var key = JSONObject()
        for name in model.primaryKey { key[name] = record[name] ?? .null }
        return key
    }

    /// The row's data for its copy: every field the create input takes, besides the key and the
    /// version (absent and null values left out: the copy holds what the row held).
    private func copiedFields(_ record: JSONObject) throws(GQLPatchError) -> JSONObject {
        guard let inputName = model.operations.createInput, let input = catalogue.inputObjects[inputName] else {
            throw .invalidInput("the API has no create operation for \(model.name)")
        }
        var fields = JSONObject()
        for (name, value) in record
        where input.field(name) != nil && !model.primaryKey.contains(name) && name != "_version" && !value.isNull {
            fields[name] = value
        }
        return fields
    }

    /// `"expectVersion"` or `"if"`: the guard that fails the write when the row changed since it was read.
    private func guardMembers(_ record: JSONObject, oldNumber: Int?) throws(GQLPatchError) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        var condition = JSONObject()
        if let oldNumber { condition[field] = .int(oldNumber) }
        if versioned {
            let versionField = VersionScheme.of(model).recordField
            guard let version = record[versionField]?.intValue else {
                throw .invalidInput("\(describe(record)) was read without its \(versionField)")
            }
            members.append(("expectVersion", .int(version)))
        } else {
            let input = model.operations.conditionInput.flatMap { catalogue.inputObjects[$0] }
            guard let input else {
                throw .invalidInput(
                    "the API's writes of \(model.name) take no condition, so a move cannot be guarded against a concurrent change"
                )
            }
            if input.field("updatedAt") != nil, let stamp = record["updatedAt"], stamp.stringValue != nil {
                condition["updatedAt"] = stamp
            } else {
                for modelField in model.fields
                where modelField.kind == .scalar && !modelField.isList && input.field(modelField.name) != nil
                    && modelField.type.namedType != "AWSJSON" && !model.primaryKey.contains(modelField.name)
                    && modelField.name != field
                {
                    if let value = record[modelField.name], !value.isNull { condition[modelField.name] = value }
                }
            }
            if condition.isEmpty {
                throw .invalidInput(
                    "\(describe(record)) has no value its condition input can test, so its move cannot be guarded against a concurrent change"
                )
            }
        }
        if !condition.isEmpty { members.append(("if", .object(condition))) }
        return members
    }

    private func describe(_ record: JSONObject) -> String {
        ModelLookup.describe(model: model, key: key(of: record))
    }
}
