import CSV
import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

/// How the columns of a CSV or TSV file become one model's records: each header names a field the
/// model's create input takes (renamed first by `renames`), a dotted header (`dims.width`) a field
/// of a non-model object; every key field needs its column. A row's cells are typed by the input's
/// types as `ValueTyper` types a given text (lists, objects and `AWSJSON` as JSON; enums checked; the
/// AWS scalars validated), a Boolean also taking 1 and 0; an empty cell is left out (or null with
/// `emptyAsNull`). A row becomes the line `import` writes: `{"op", "model", "key", "set"}`.
public struct CSVColumnMap: Sendable {
    /// One column: its header as given, the path it fills, and the type of what it fills.
    public struct Column: Sendable, Equatable {
        public var header: String
        /// Its position in a record (0-based).
        public var index: Int
        public var path: [String]
        public var type: TypeReference
    }

    public var model: Model
    public var columns: [Column]
    /// Columns of what the server sets or no write takes (`_version`, `createdAt` where the input
    /// lacks it): what a listing prints beside the fields, passed over so that it imports back.
    public var passedOver: [String] = []
    public var emptyAsNull = false
    /// The catalogue the cells are typed by.
    public let catalogue: ModelCatalogue
    /// The input type of each top-level object field a dotted column fills.
    private let objectTypes: [String: TypeReference]
    /// The fields the create input requires (a key too): never left empty.
    private var required: Set<String> = []

    /// The map of `header` (the file's first record, at `line`), each name renamed by `renames`
    /// first; every problem found (unknown or repeated columns, a key without its column) is thrown.
    public init(
        header: [String], line: Int = 1, renames: [String: String] = [:], model: Model, catalogue: ModelCatalogue
    ) throws(CSVProblems) {
        self.model = model
        self.catalogue = catalogue
        var problems: [CSVProblem] = []
        guard let inputName = model.operations.createInput ?? model.operations.updateInput,
            let input = catalogue.inputObjects[inputName]
        else {
            throw CSVProblems([
                CSVProblem(line: line, column: 1, "the API has no create or update input for \(model.name)")
            ])
        }
        var columns: [Column] = []
        var objects: [String: TypeReference] = [:]
        var seen: Set<String> = []
        let serverSet: Set<String> = ["_version", "_deleted", "_lastChangedAt", "__typename"]
        for (index, given) in header.enumerated() {
            let name = renames[given] ?? given
            func problem(_ text: String) { problems.append(CSVProblem(line: line, column: index + 1, text)) }
            guard !name.isEmpty else {
                problem("the column has no name")
                continue
            }
            guard seen.insert(name).inserted else {
                problem("column \(name) is there twice")
                continue
            }
            let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if serverSet.contains(path[0]) || (input.field(path[0]) == nil && model.field(path[0]) != nil) {
                passedOver.append(given)
                continue
            }
            guard let top = input.field(path[0]) else {
                let names = input.fields.map(\.name).filter { !serverSet.contains($0) }
                problem(
                    "\(model.name) has no field \(ValueTyper.quoted(path[0])) a record is written with\(FieldSuggestion.phrase(for: path[0], among: names))"
                )
                continue
            }
            var type = top.type
            var valid = true
            for (depth, part) in path.enumerated().dropFirst() {
                guard case .named(let typeName) = type.nullable, let object = catalogue.inputObjects[typeName] else {
                    problem("\(path[..<depth].joined(separator: ".")) is not an object, so it has no \(part)")
                    valid = false
                    break
                }
                if depth == 1 { objects[path[0]] = top.type }
                guard let field = object.field(part) else {
                    problem(
                        "\(typeName) has no field \(ValueTyper.quoted(part))\(FieldSuggestion.phrase(for: part, among: object.fields.map(\.name)))"
                    )
                    valid = false
                    break
                }
                type = field.type
            }
            if valid { columns.append(Column(header: given, index: index, path: path, type: type)) }
        }
        for key in model.primaryKey where !columns.contains(where: { $0.path == [key] }) {
            problems.append(CSVProblem(line: line, column: 1, "no column for \(model.name)'s key field \(key)"))
        }
        // A field the create input requires: a record created without it would be refused.
        for field in input.fields where field.type.isNonNull && !model.primaryKey.contains(field.name) {
            if !columns.contains(where: { $0.path[0] == field.name }) {
                problems.append(
                    CSVProblem(line: line, column: 1, "no column for \(field.name), which \(inputName) requires"))
            }
        }
        required = Set(input.fields.filter { $0.type.isNonNull }.map(\.name))
        let wholes = Set(columns.filter { $0.path.count == 1 }.map { $0.path[0] })
        if let split = columns.first(where: { $0.path.count > 1 && wholes.contains($0.path[0]) }) {
            problems.append(
                CSVProblem(line: line, column: 1, "\(split.path[0]) is given both whole and by its fields"))
        }
        guard problems.isEmpty else { throw CSVProblems(problems) }
        self.columns = columns
        objectTypes = objects
    }

    /// The line `import` writes for a row (`lines`: each field's line), or every cell problem of it.
    public func line(_ fields: [String], lines: [Int]) -> Result<JSONObject, CSVProblems> {
        var problems: [CSVProblem] = []
        let typer = ValueTyper(catalogue: catalogue)
        var key = JSONObject()
        var set = JSONObject()
        var objects: [String: JSONObject] = [:]
        var objectColumn: [String: Int] = [:]
        for column in columns {
            let index = column.index
            let cell = fields.indices.contains(index) ? fields[index] : ""
            let place = lines.indices.contains(index) ? lines[index] : (lines.first ?? 1)
            let value: JSONValue
            if cell.isEmpty {
                if column.path.count == 1,
                    required.contains(column.path[0]) || model.primaryKey.contains(column.path[0])
                {
                    let what = model.primaryKey.contains(column.path[0]) ? "a key field" : "a required field"
                    problems.append(
                        CSVProblem(line: place, column: index + 1, "\(column.header): \(what) is empty"))
                    continue
                }
                guard emptyAsNull, column.path.count == 1 else { continue }
                value = .null
            } else {
                do {
                    value = try typer.value(
                        fromText: Self.lenient(cell, column.type), as: column.type, at: column.header)
                } catch {
                    problems.append(CSVProblem(line: place, column: index + 1, error.message))
                    continue
                }
            }
            if column.path.count == 1 {
                if model.primaryKey.contains(column.path[0]) {
                    key[column.path[0]] = value
                } else {
                    set[column.path[0]] = value
                }
            } else {
                var object = objects[column.path[0]] ?? JSONObject()
                Self.put(value, at: column.path.dropFirst(), in: &object)
                objects[column.path[0]] = object
                objectColumn[column.path[0]] = objectColumn[column.path[0]] ?? index
            }
        }
        for (name, object) in objects {
            guard let type = objectTypes[name] else { continue }
            do {
                set[name] = try typer.value(fromJSON: .object(object), as: type, at: name)
            } catch {
                let index = objectColumn[name] ?? 0
                problems.append(
                    CSVProblem(
                        line: lines.indices.contains(index) ? lines[index] : 1, column: index + 1, error.message))
            }
        }
        guard problems.isEmpty else { return .failure(CSVProblems(problems)) }
        let op = set.isEmpty || model.operations.update == nil ? "create" : "upsert"
        return .success(
            JSONObject([
                ("op", .string(op)), ("model", .string(model.name)), ("key", .object(key)), ("set", .object(set)),
            ]))
    }

    /// A Boolean cell may be 1 or 0, as spreadsheets write them.
    private static func lenient(_ cell: String, _ type: TypeReference) -> String {
        guard type.namedType == "Boolean" else { return cell }
        return cell == "1" ? "true" : cell == "0" ? "false" : cell
    }

    private static func put(_ value: JSONValue, at path: ArraySlice<String>, in object: inout JSONObject) {
        guard let first = path.first else { return }
        if path.count == 1 {
            object[first] = value
            return
        }
        var inner = object[first]?.objectValue ?? JSONObject()
        put(value, at: path.dropFirst(), in: &inner)
        object[first] = .object(inner)
    }
}
