import GQLPatchSchema
import JSON

/// The columns records of a model are printed in as CSV, TSV or a table: the selected fields in the
/// selection's order (the one the user gave, else the schema's), a non-model object that is not a list
/// flattened to dotted columns (`imageFile.bucket`), every other field one column whose cell is its
/// value as text: a string as it is, a number or a Boolean as JSON writes it, a list or an object
/// (`AWSJSON`'s too, a string) as compact JSON, null or absent empty.
public struct RecordColumns: Sendable, Equatable {
    /// Each column's path from the record.
    public var paths: [[String]]

    public init(paths: [[String]]) {
        self.paths = paths
    }

    /// The header: each path joined with dots.
    public var names: [String] { paths.map { $0.joined(separator: ".") } }

    /// The columns of `selection` over `fields` (a model's, or a non-model type's one level down).
    public init(selection: SelectionSet, fields: [ModelField], catalogue: ModelCatalogue) {
        var paths: [[String]] = []
        for selected in selection.fields {
            let field = fields.first { $0.name == selected.name }
            if let field, let sub = selected.subselection, !field.isList, field.kind == .nonModel,
                let type = catalogue.nonModelTypes[field.type.namedType]
            {
                let inner = RecordColumns(selection: sub, fields: type.fields, catalogue: catalogue)
                paths += inner.paths.map { [selected.name] + $0 }
            } else {
                paths.append([selected.name])
            }
        }
        self.paths = paths
    }

    /// The columns of a record as it came (`query`'s items, whose schema is the document's): its
    /// members in order, an object flattened to dotted columns, anything else one column.
    public init(record: JSONObject) {
        var paths: [[String]] = []
        for (name, value) in record {
            if let object = value.objectValue, !object.isEmpty {
                paths += RecordColumns(record: object).paths.map { [name] + $0 }
            } else {
                paths.append([name])
            }
        }
        self.paths = paths
    }

    /// The record's cells, in column order.
    public func cells(of record: JSONObject) -> [String] {
        paths.map { path in
            var value: JSONValue? = .object(record)
            for name in path { value = value?[name] }
            return Self.cell(value)
        }
    }

    /// One value as a cell's text.
    public static func cell(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let text)?: return text
        case let value?: return value.serialized()
        }
    }
}
