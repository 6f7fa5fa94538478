import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension CascadeDelete {
    /// Appends the records under `parent`, depth first, children before their own parent.
    func collect(_ parent: Target, into order: inout [Target], visited: inout Set<String>)
        async throws(GQLPatchError)
    {
        for field in parent.model.relationships {
            guard let relationship = field.relationship, relationship.kind != .belongsTo else { continue }
            guard let child = records.catalogue.models[relationship.relatedModel] else {
                throw .invalidInput(
                    "\(parent.model.name).\(field.name) points at \(relationship.relatedModel), which the schema does not describe"
                )
            }
            for key in try await childKeys(of: parent, field: field.name, relationship: relationship, child: child) {
                let target = Target(model: child, key: key)
                guard visited.insert(target.name).inserted else { continue }
                try await collect(target, into: &order, visited: &visited)
                order.append(target)
            }
        }
    }

    /// The keys of the live (not soft-deleted) records in `parent.field`, every page of them; each
    /// record checked to belong to `parent`. A failed read is not given to `rejected`: nothing is
    /// deleted yet, and the message says so.
    private func childKeys(
        of parent: Target, field: String, relationship: Relationship, child: Model
    ) async throws(GQLPatchError) -> [JSONObject] {
        let many = relationship.kind == .hasMany
        guard let get = parent.model.operations.get else {
            throw refused(.noGetQuery(model: parent.model.name, field: field))
        }
        guard !child.primaryKey.isEmpty else { throw .invalidInput("\(child.name) has no primary key in the schema") }
        let arguments = DocumentBuilder.getArguments(of: parent.model)
        guard let link = CascadeParentLink.resolve(parent: parent.model, relationship: relationship, child: child)
        else {
            throw refused(.unlinkedChild(parent: parent.model.name, child: child.name))
        }
        var childFields = child.primaryKey
        childFields += link.selection(besides: childFields)
        if child.field("_deleted") != nil { childFields.append("_deleted") }
        let childSelection = "{ " + childFields.joined(separator: " ") + " }"
        var declarations = arguments.map { "$\($0.name): \($0.type)" }
        var relationArguments: [String] = []
        if many {
            if pageSize != nil {
                declarations.append("$limit: Int")
                relationArguments.append("limit: $limit")
            }
            declarations.append("$nextToken: String")
            relationArguments.append("nextToken: $nextToken")
        }
        let call = arguments.map { "\($0.name): $\($0.name)" }.joined(separator: ", ")
        let relation = relationArguments.isEmpty ? field : "\(field)(\(relationArguments.joined(separator: ", ")))"
        let body = many ? "{ items \(childSelection) nextToken }" : childSelection
        let query =
            "query Children(\(declarations.joined(separator: ", "))) { \(get)(\(call)) { \(relation) \(body) } }"
        var variables = JSONObject()
        for argument in arguments { variables[argument.name] = parent.key[argument.name] ?? .null }
        if many, let pageSize { variables["limit"] = .int(pageSize) }
        let reading = "reading \(parent.name) \(field)"
        var pages = PageTokenGuard(listing: reading)
        var keys: [JSONObject] = []
        while true {
            let request = GraphQLRequestBody(query: query, variables: variables, operationName: "Children")
            let response = try await records.send(request).response
            if let failure = response.failure {
                throw GQLPatchError(failure.code, "\(reading): \(failure.message); nothing was deleted")
            }
            guard let parentRecord = response.field(get)?.objectValue else {
                throw GQLPatchError(
                    .badResponse, "\(reading): \(get) returned no \(parent.model.name) record; nothing was deleted")
            }
            let value = parentRecord[field] ?? .null
            var found: [JSONValue] = []
            if many {
                // A null connection or list is not "no children": it would leave them orphaned.
                guard let connection = value.objectValue else {
                    throw GQLPatchError(
                        .badResponse,
                        "\(reading): the server returned \(value.serialized()) instead of the list of \(child.name) records; nothing was deleted"
                    )
                }
                guard let items = connection["items"]?.arrayValue else {
                    throw GQLPatchError(
                        .badResponse,
                        "\(reading): the server returned no items list (\((connection["items"] ?? .null).serialized())); nothing was deleted"
                    )
                }
                found = items
            } else if !value.isNull {
                found = [value]
            }
            for record in found {
                guard let object = record.objectValue else {
                    throw GQLPatchError(
                        .badResponse,
                        "\(reading): the server returned \(record.serialized()) where a \(child.name) record was expected; nothing was deleted"
                    )
                }
                var key = JSONObject()
                for name in child.primaryKey { key[name] = object[name] ?? .null }
                if let wrong = link.mismatch(in: object, parent: parent.key) {
                    throw GQLPatchError(
                        .badResponse,
                        "\(reading): the server returned \(ModelLookup.describe(model: child, key: key)) with \(wrong.field)=\(Self.shown(wrong.found)) as a child of \(parent.name) (\(wrong.field) must be \(Self.shown(wrong.expected))); nothing was deleted"
                    )
                }
                if object["_deleted"] == .bool(true) { continue }
                keys.append(key)
            }
            guard many else { break }
            let token: String?
            do {
                token = try pages.follow(value["nextToken"]?.stringValue)
            } catch {
                throw GQLPatchError(error.code, "\(error.message); nothing was deleted")
            }
            guard let token else { break }
            variables["nextToken"] = .string(token)
        }
        return keys
    }

    private static func shown(_ value: JSONValue) -> String {
        value.stringValue ?? value.serialized()
    }
}
