import GQLPatchSchema
import GQLPatchSupport

/// Chooses the fields to ask for: by default every scalar and enum field of a model and every non-model
/// object field with its own scalar and enum fields (recursively), never relationships; or the fields
/// named by the caller (`a,b,imageFile.key`). Key fields are always included, and `_version` when the
/// model is versioned (v1 `@versioned`'s version field when it is that kind). Messages name the selection through the caller's `wording`.
public struct SelectionBuilder: Sendable {
    public var catalogue: ModelCatalogue
    package var wording: any InputWording

    package init(catalogue: ModelCatalogue, wording: any InputWording) {
        self.catalogue = catalogue
        self.wording = wording
    }

    /// Every scalar, enum and non-model field (plus `_version _deleted _lastChangedAt` where the model
    /// has them), no relationships.
    public func defaultSelection(for model: Model) -> SelectionSet {
        let selection = defaultSelection(of: model.fields, visiting: []) ?? SelectionSet(fields: [])
        return withRequiredFields(selection, model: model)
    }

    /// The fields named by the caller (each entry may hold several names separated by commas; dotted
    /// paths reach into non-model fields; a non-model field named alone selects all its subfields).
    public func selection(for model: Model, paths: [String]) throws(GQLPatchError) -> SelectionSet {
        let names = paths.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { ChangeSetBuilder.trimmed(String($0)) }
        var root = Node()
        for path in names {
            guard !path.isEmpty else { throw .usage("\(wording.name(.select)): empty field name") }
            let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !parts.contains(where: \.isEmpty) else {
                throw .usage("\(wording.name(.select)): empty field name in \(ValueTyper.quoted(path))")
            }
            try add(parts, to: &root, fields: model.fields, typeName: model.name, path: path)
        }
        return withRequiredFields(try render(root, fields: model.fields), model: model)
    }

    /// For reads (`get`, `list`): what is printed (the given paths, else the default) and what is
    /// fetched, which adds `_deleted` when the model has it so soft-deleted records can be told apart.
    public func readSelections(for model: Model, paths: [String]?) throws(GQLPatchError) -> (
        printed: SelectionSet, fetched: SelectionSet
    ) {
        let printed =
            try paths.map { paths throws(GQLPatchError) in try selection(for: model, paths: paths) }
            ?? defaultSelection(for: model)
        var fetched = printed
        if model.field("_deleted") != nil, !printed.contains("_deleted") {
            fetched.fields.append(SelectionSet.Field(name: "_deleted"))
        }
        return (printed, fetched)
    }

    // MARK: - Default selection

    private func defaultSelection(of fields: [ModelField], visiting: Set<String>) -> SelectionSet? {
        var selected: [SelectionSet.Field] = []
        for field in fields where field.relationship == nil && !field.isImplicit {
            switch field.kind {
            case .scalar, .enumeration:
                selected.append(SelectionSet.Field(name: field.name))
            case .nonModel:
                let typeName = field.type.namedType
                guard !visiting.contains(typeName), let type = catalogue.nonModelTypes[typeName],
                    let sub = defaultSelection(of: type.fields, visiting: visiting.union([typeName]))
                else { continue }
                selected.append(SelectionSet.Field(name: field.name, subselection: sub))
            case .model:
                continue
            }
        }
        return selected.isEmpty ? nil : SelectionSet(fields: selected)
    }

    private func withRequiredFields(_ selection: SelectionSet, model: Model) -> SelectionSet {
        var result = selection
        let missingKeys = model.primaryKey.filter { !selection.contains($0) }
        result.fields.insert(contentsOf: missingKeys.map { SelectionSet.Field(name: $0) }, at: 0)
        if model.isVersioned, model.field("_version") != nil, !result.contains("_version") {
            result.fields.append(SelectionSet.Field(name: "_version"))
        }
        if let field = model.fieldVersioning?.versionField, model.field(field) != nil, !result.contains(field) {
            result.fields.append(SelectionSet.Field(name: field))
        }
        return result
    }

    // MARK: - Explicit selection

    /// Names chosen so far at one level; `all` when a non-model field was named alone.
    private struct Node {
        package var order: [String] = []
        package var children: [String: Node] = [:]
        package var all = false
    }

    private func add(
        _ parts: [String], to node: inout Node, fields: [ModelField], typeName: String, path: String
    ) throws(GQLPatchError) {
        let name = parts[0]
        guard let field = fields.first(where: { $0.name == name }) else {
            let names = fields.filter { $0.relationship == nil && $0.kind != .model }.map(\.name)
            let suggestion = FieldSuggestion.closest(to: name, among: names)
            let help =
                suggestion.map { "did you mean \(ValueTyper.quoted($0))?" }
                ?? "fields: \(names.joined(separator: ", "))"
            throw .unknownName(
                "\(wording.name(.select)): \(typeName) has no field \(ValueTyper.quoted(name)) (\(help))")
        }
        if field.relationship != nil || field.kind == .model {
            throw .invalidInput(
                "\(wording.name(.select)): \(name) is a relationship; select the related records with their own command"
            )
        }
        if node.children[name] == nil {
            node.order.append(name)
            node.children[name] = Node()
        }
        if parts.count == 1 {
            if field.kind == .nonModel { node.children[name]?.all = true }
            return
        }
        guard field.kind == .nonModel, let type = catalogue.nonModelTypes[field.type.namedType] else {
            throw .invalidInput(
                "\(wording.name(.select)): \(ValueTyper.quoted(path)): \(name) is a \(field.type.namedType) and has no subfields"
            )
        }
        var child = node.children[name] ?? Node()
        try add(Array(parts.dropFirst()), to: &child, fields: type.fields, typeName: type.name, path: path)
        node.children[name] = child
    }

    private func render(_ node: Node, fields: [ModelField]) throws(GQLPatchError) -> SelectionSet {
        var selected: [SelectionSet.Field] = []
        for name in node.order {
            guard let field = fields.first(where: { $0.name == name }), let child = node.children[name] else {
                continue
            }
            guard field.kind == .nonModel else {
                selected.append(SelectionSet.Field(name: name))
                continue
            }
            let typeName = field.type.namedType
            guard let type = catalogue.nonModelTypes[typeName] else {
                throw .invalidInput(
                    "\(wording.name(.select)): the schema does not describe type \(typeName) of \(name)")
            }
            let sub: SelectionSet?
            if child.all {
                sub = defaultSelection(of: type.fields, visiting: [typeName])
            } else {
                sub = try render(child, fields: type.fields)
            }
            guard let sub, !sub.fields.isEmpty else {
                throw .invalidInput("\(wording.name(.select)): \(name) has no fields that can be selected")
            }
            selected.append(SelectionSet.Field(name: name, subselection: sub))
        }
        return SelectionSet(fields: selected)
    }
}
