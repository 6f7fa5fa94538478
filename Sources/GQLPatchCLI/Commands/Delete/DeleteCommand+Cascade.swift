import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// `delete --cascade`: reads the whole tree of records under one record first, following the
/// catalogue's `@hasMany` and `@hasOne` relationships through the parent's relationship field (every
/// page, by `nextToken`), then deletes it depth first, children before their parent, printing one
/// JSON line per deleted record. With `--dry-run` only the reads happen and the records that would
/// be deleted are listed. A failure part-way stops the cascade and says what was and was not deleted.
///
/// The server's child lists are not taken on trust: every child must hold its parent's key
/// (`CascadeParentLink`), a null list is an error rather than "no children", and pages that repeat a
/// `nextToken` stop the reads. Any of these is exit 76 before a single record is deleted.
package struct CascadeDeleter: Sendable {
    package var settings: Settings
    package var session: CommandSession
    package var pageSize: Int?

    /// One record to delete.
    package struct Target: Sendable {
        package var model: Model
        package var key: JSONObject
        package var name: String { ModelLookup.describe(model: model, key: key) }
    }

    package func run(model: Model, key: JSONObject, condition: JSONValue?, expectVersion: Int?)
        async throws(GQLPatchError)
    {
        let root = Target(model: model, key: key)
        try checkRelationships(from: model)
        try await checkRoot(root, condition: condition, expectVersion: expectVersion)
        var order: [Target] = []
        var visited: Set<String> = [root.name]
        try await collect(root, into: &order, visited: &visited)
        order.append(root)
        if settings.options.dryRun {
            for target in order {
                try session.printLine(
                    .object(
                        JSONObject([
                            ("model", .string(target.model.name)), ("key", .object(target.key)),
                            ("dryRun", .bool(true)),
                        ])))
            }
            session.console.message(
                "gqlpatch: dry run: \(order.count) record\(order.count == 1 ? "" : "s") would be deleted; nothing was written"
            )
            return
        }
        let records = session.records()
        let selections = SelectionBuilder(catalogue: settings.catalogue, wording: CommandLineWording())
        var softDeletes = 0
        for (index, target) in order.enumerated() {
            let isRoot = index == order.count - 1
            do {
                let outcome = try await records.delete(
                    RecordService.DeleteTarget(
                        model: target.model, key: target.key, condition: isRoot ? condition : nil,
                        expectVersion: isRoot ? expectVersion : nil,
                        selection: selections.defaultSelection(for: target.model),
                        versioned: records.isVersioned(target.model)))
                if outcome.version != nil { softDeletes += 1 }
                try session.printLine(
                    .object(
                        JSONObject([
                            ("model", .string(target.model.name)), ("key", .object(target.key)),
                            ("record", outcome.record ?? .null),
                        ])))
            } catch {
                func listed(_ targets: ArraySlice<Target>) -> String {
                    let names = targets.map(\.name)
                    let shown =
                        names.prefix(20).joined(separator: ", ")
                        + (names.count > 20 ? ", and \(names.count - 20) more" : "")
                    return shown.isEmpty ? "none" : shown
                }
                if error.code == .ioError {
                    // The delete went through; only its line could not be printed.
                    throw GQLPatchError(
                        .ioError,
                        "\(error.message)\ngqlpatch: the cascade stopped after deleting \(index + 1) of \(order.count) records "
                            + "(\(target.name) last); not deleted: \(listed(order[(index + 1)...]))")
                }
                // Without an answer the failed delete may have happened: say so rather than guess.
                let unknown = error.code == .unavailable || error.code == .badResponse
                let shown = listed(order[(unknown ? index + 1 : index)...])
                let uncertain = unknown ? "; \(target.name) may or may not have been deleted (no answer)" : ""
                throw GQLPatchError(
                    error.code,
                    "cascade stopped at \(target.name): \(error.message)\n"
                        + "gqlpatch: deleted \(index) of \(order.count) records (listed on stdout)\(uncertain); not deleted: \(shown)"
                )
            }
        }
        if softDeletes > 0 {
            session.console.message(
                "gqlpatch: note: \(softDeletes) of the records are versioned: their deletes are soft (they stay with _deleted: true)"
            )
        }
    }

    /// The root must exist, and its `--expect-version` and `--if` conditions must hold before any child
    /// is touched (the delete itself still sends them, against a change in between).
    private func checkRoot(_ root: Target, condition: JSONValue?, expectVersion: Int?) async throws(GQLPatchError) {
        guard root.model.operations.get != nil else {
            throw .invalidInput("--cascade needs a get query for \(root.model.name) to read its relationships")
        }
        var fields = root.model.primaryKey
        if root.model.field("_deleted") != nil { fields.append("_deleted") }
        let versionName = VersionScheme.of(root.model).recordField
        if RecordService.isVersioned(root.model, under: settings.options.conflictResolution) {
            fields.append(versionName)
        }
        fields += Self.fieldsTested(by: condition).filter { !fields.contains($0) }
        let selection = try SelectionBuilder(catalogue: settings.catalogue, wording: CommandLineWording()).selection(
            for: root.model, paths: fields)
        guard let record = try await session.records().fetch(root.model, key: root.key, selection: selection) else {
            throw GQLPatchError(.notFound, "no \(root.name)")
        }
        if record["_deleted"] == .bool(true) {
            throw GQLPatchError(.notFound, "\(root.name) is already deleted (_deleted: true)")
        }
        if let expectVersion, record[versionName] != .int(expectVersion) {
            let version = record[versionName].map { $0.serialized() } ?? "null"
            throw GQLPatchError(
                .conflict,
                "\(root.name) is at \(versionName) \(version), not \(expectVersion) (--expect-version); nothing was deleted"
            )
        }
        if let condition, !Self.holds(condition, on: record) {
            throw GQLPatchError(.conflict, "\(root.name): the --if condition is false; nothing was deleted")
        }
    }

    /// Every relationship the cascade follows must tell how a child refers to its parent
    /// (`CascadeParentLink`), or the children the server returns cannot be checked: refused before
    /// anything is sent.
    private func checkRelationships(from model: Model) throws(GQLPatchError) {
        var pending = [model]
        var seen: Set<String> = [model.name]
        while let parent = pending.popLast() {
            for field in parent.relationships {
                guard let relationship = field.relationship, relationship.kind != .belongsTo,
                    let child = settings.catalogue.models[relationship.relatedModel]
                else { continue }
                if CascadeParentLink.resolve(parent: parent, relationship: relationship, child: child) == nil {
                    throw .configuration(
                        "--cascade: \(settings.schemaSource) does not say which fields of \(child.name) hold \(parent.name)'s key (\(parent.name).\(field.name)), and \(child.name) has no single field back to \(parent.name), so the children the server returns cannot be checked; nothing was sent"
                    )
                }
                if seen.insert(child.name).inserted { pending.append(child) }
            }
        }
    }

    package static func fieldsTested(by condition: JSONValue?) -> [String] {
        guard let object = condition?.objectValue else { return [] }
        if let terms = object["and"]?.arrayValue ?? object["or"]?.arrayValue {
            var seen: Set<String> = []
            return terms.flatMap { fieldsTested(by: $0) }.filter { seen.insert($0).inserted }
        }
        return object.keys
    }

    /// Evaluates the `{F: {eq: V}}`, null-test (`{or: [{F: {attributeExists: false}}, {F: {attributeType: _null}}]}`)
    /// and `{and: [...]}` conditions that `ConditionBuilder` makes.
    package static func holds(_ condition: JSONValue, on record: JSONObject) -> Bool {
        guard let object = condition.objectValue else { return false }
        if let terms = object["and"]?.arrayValue { return terms.allSatisfy { holds($0, on: record) } }
        if let terms = object["or"]?.arrayValue { return terms.contains { holds($0, on: record) } }
        return object.allSatisfy { field, test in
            let value = record[field] ?? .null
            if let eq = test["eq"] { return ResponseComparer.equal(value, eq) }
            if test["attributeExists"] == .bool(false) || test["attributeType"] == .string("_null") {
                return value.isNull
            }
            return false
        }
    }

    /// Appends the records under `parent`, depth first, children before their own parent.
    private func collect(_ parent: Target, into order: inout [Target], visited: inout Set<String>)
        async throws(GQLPatchError)
    {
        for field in parent.model.relationships {
            guard let relationship = field.relationship, relationship.kind != .belongsTo else { continue }
            guard let child = settings.catalogue.models[relationship.relatedModel] else {
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
    /// record checked to belong to `parent`.
    private func childKeys(
        of parent: Target, field: String, relationship: Relationship, child: Model
    ) async throws(GQLPatchError) -> [JSONObject] {
        let many = relationship.kind == .hasMany
        guard let get = parent.model.operations.get else {
            throw .invalidInput("--cascade needs a get query for \(parent.model.name) to read its \(field)")
        }
        guard !child.primaryKey.isEmpty else { throw .invalidInput("\(child.name) has no primary key in the schema") }
        var arguments = parent.model.operations.getArguments
        if arguments.isEmpty {
            arguments = parent.model.primaryKey.map { name in
                OperationArgument(
                    name: name,
                    type: parent.model.field(name).map { .nonNull($0.type.nullable) } ?? .nonNull(.named("ID")))
            }
        }
        guard let link = CascadeParentLink.resolve(parent: parent.model, relationship: relationship, child: child)
        else {
            throw .configuration("--cascade: the schema does not say how \(child.name) refers to \(parent.model.name)")
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
            let response = try await session.send(request)
            if let failure = response.failure {
                throw GQLPatchError(failure.code, "\(reading): \(failure.message); nothing was deleted")
            }
            guard let parentRecord = response.field(get)?.objectValue else {
                throw GQLPatchError(
                    .badResponse, "\(reading): \(get) returned no \(parent.model.name) record; nothing was deleted")
            }
            let value = parentRecord[field] ?? .null
            var records: [JSONValue] = []
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
                records = items
            } else if !value.isNull {
                records = [value]
            }
            for record in records {
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
