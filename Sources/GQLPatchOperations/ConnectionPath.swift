import GQLPatchSupport
import GraphQLSDL

/// Where a hand-written query's connection is in its answer: the response keys (aliases where given)
/// down to the first field, in document order, whose selection holds both `items` and `nextToken`
/// (`["byParent"]` for `{ byParent: childrenByParent(...) { items { id } nextToken } }`).
public struct ConnectionPath: Sendable, Hashable {
    public var keys: [String]

    /// The connection of `operation`, which must declare `$nextToken` to be paged.
    package static func find(in operation: OperationDefinition, place: String) throws(GQLPatchError) -> ConnectionPath {
        guard operation.variableDefinitions.contains(where: { $0.name == "nextToken" }) else {
            throw .invalidInput("\(place): the operation declares no $nextToken variable to page with")
        }
        guard let keys = search(operation.selectionSet) else {
            throw .invalidInput("\(place): no field of the operation selects both items and nextToken")
        }
        return ConnectionPath(keys: keys)
    }

    private static func search(_ selections: [Selection]) -> [String]? {
        let fields = selections.compactMap { selection -> FieldSelection? in
            if case .field(let field) = selection { return field }
            return nil
        }
        for field in fields {
            let names = Set(
                field.selectionSet.compactMap { selection -> String? in
                    if case .field(let inner) = selection { return inner.name }
                    return nil
                })
            if names.contains("items"), names.contains("nextToken") { return [field.alias ?? field.name] }
            if let inner = search(field.selectionSet) { return [field.alias ?? field.name] + inner }
        }
        return nil
    }
}
