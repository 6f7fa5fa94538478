import JSON

/// `delete --cascade`: reads the whole tree of records under one record first, following the
/// catalogue's `@hasMany` and `@hasOne` relationships through the parent's relationship field (every
/// page, by `nextToken`), then deletes it depth first, children before their parent, printing one
/// JSON line per deleted record. With `--dry-run` only the reads happen and the records that would
/// be deleted are listed. A failure part-way stops the cascade and says what was and was not deleted.
struct CascadeDeleter: Sendable {
    var settings: Settings
    var session: CommandSession
    var pageSize: Int?

    /// One record to delete.
    struct Target: Sendable {
        var model: Model
        var key: JSONObject
        var name: String { ModelLookup.describe(model: model, key: key) }
    }

    func run(model: Model, key: JSONObject, condition: JSONValue?, expectVersion: Int?) async throws(GQLPatchError) {
        let root = Target(model: model, key: key)
        try await checkRoot(root, condition: condition, expectVersion: expectVersion)
        var order: [Target] = []
        var visited: Set<String> = [root.name]
        try await collect(root, into: &order, visited: &visited)
        order.append(root)
        if settings.options.dryRun {
            for target in order {
                try session.printLine(.object(JSONObject([
                    ("model", .string(target.model.name)), ("key", .object(target.key)), ("dryRun", .bool(true)),
                ])))
            }
            session.console.message("gqlpatch: dry run: \(order.count) record\(order.count == 1 ? "" : "s") would be deleted; nothing was written")
            return
        }
        let deleter = RecordDeleter(settings: settings, session: session)
        let selections = SelectionBuilder(catalogue: settings.catalogue)
        var softDeletes = 0
        for (index, target) in order.enumerated() {
            let isRoot = index == order.count - 1
            do {
                let outcome = try await deleter.delete(
                    model: target.model, key: target.key, condition: isRoot ? condition : nil,
                    expectVersion: isRoot ? expectVersion : nil, selection: selections.defaultSelection(for: target.model))
                if outcome.version != nil { softDeletes += 1 }
                try session.printLine(.object(JSONObject([
                    ("model", .string(target.model.name)), ("key", .object(target.key)), ("record", outcome.record),
                ])))
            } catch {
                func listed(_ targets: ArraySlice<Target>) -> String {
                    let names = targets.map(\.name)
                    let shown = names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", and \(names.count - 20) more" : "")
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
                        + "gqlpatch: deleted \(index) of \(order.count) records (listed on stdout)\(uncertain); not deleted: \(shown)")
            }
        }
        if softDeletes > 0 {
            session.console.message(
                "gqlpatch: note: \(softDeletes) of the records are versioned: their deletes are soft (they stay with _deleted: true)")
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
        if RecordDeleter(settings: settings, session: session).isVersioned(root.model) { fields.append("_version") }
        fields += Self.fieldsTested(by: condition).filter { !fields.contains($0) }
        let selection = try SelectionBuilder(catalogue: settings.catalogue).selection(for: root.model, paths: fields)
        guard let record = try await session.fetch(model: root.model, key: root.key, selection: selection) else {
            throw GQLPatchError(.notFound, "no \(root.name)")
        }
        if record["_deleted"] == .bool(true) { throw GQLPatchError(.notFound, "\(root.name) is already deleted (_deleted: true)") }
        if let expectVersion, record["_version"] != .int(expectVersion) {
            let version = record["_version"].map { $0.serialized() } ?? "null"
            throw GQLPatchError(.conflict, "\(root.name) is at _version \(version), not \(expectVersion) (--expect-version); nothing was deleted")
        }
        if let condition, !Self.holds(condition, on: record) {
            throw GQLPatchError(.conflict, "\(root.name): the --if condition is false; nothing was deleted")
        }
    }

    static func fieldsTested(by condition: JSONValue?) -> [String] {
        guard let object = condition?.objectValue else { return [] }
        if let terms = object["and"]?.arrayValue { return terms.flatMap { fieldsTested(by: $0) } }
        return object.keys
    }

    /// Evaluates the `{F: {eq: V}}`, `{F: {attributeExists: false}}` and `{and: [...]}` conditions
    /// that `ConditionBuilder` makes.
    static func holds(_ condition: JSONValue, on record: JSONObject) -> Bool {
        guard let object = condition.objectValue else { return false }
        if let terms = object["and"]?.arrayValue { return terms.allSatisfy { holds($0, on: record) } }
        return object.allSatisfy { field, test in
            let value = record[field] ?? .null
            if let eq = test["eq"] { return ResponseComparer.equal(value, eq) }
            if test["attributeExists"] == .bool(false) { return value.isNull }
            return false
        }
    }

    /// Appends the records under `parent`, depth first, children before their own parent.
    private func collect(_ parent: Target, into order: inout [Target], visited: inout Set<String>) async throws(GQLPatchError) {
        for field in parent.model.relationships {
            guard let relationship = field.relationship, relationship.kind != .belongsTo else { continue }
            guard let child = settings.catalogue.models[relationship.relatedModel] else {
                throw .invalidInput("\(parent.model.name).\(field.name) points at \(relationship.relatedModel), which the schema does not describe")
            }
            for key in try await childKeys(of: parent, field: field.name, many: relationship.kind == .hasMany, child: child) {
                let target = Target(model: child, key: key)
                guard visited.insert(target.name).inserted else { continue }
                try await collect(target, into: &order, visited: &visited)
                order.append(target)
            }
        }
    }

    /// The keys of the live (not soft-deleted) records in `parent.field`, every page of them.
    private func childKeys(of parent: Target, field: String, many: Bool, child: Model) async throws(GQLPatchError) -> [JSONObject] {
        guard let get = parent.model.operations.get else {
            throw .invalidInput("--cascade needs a get query for \(parent.model.name) to read its \(field)")
        }
        guard !child.primaryKey.isEmpty else { throw .invalidInput("\(child.name) has no primary key in the schema") }
        var arguments = parent.model.operations.getArguments
        if arguments.isEmpty {
            arguments = parent.model.primaryKey.map { name in
                OperationArgument(name: name, type: parent.model.field(name).map { .nonNull($0.type.nullable) } ?? .nonNull(.named("ID")))
            }
        }
        var childFields = child.primaryKey
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
        let query = "query Children(\(declarations.joined(separator: ", "))) { \(get)(\(call)) { \(relation) \(body) } }"
        var variables = JSONObject()
        for argument in arguments { variables[argument.name] = parent.key[argument.name] ?? .null }
        if many, let pageSize { variables["limit"] = .int(pageSize) }
        var keys: [JSONObject] = []
        while true {
            let request = GraphQLRequestBody(query: query, variables: variables, operationName: "Children")
            let response = try await session.client.send(request.json())
            if let failure = response.failure {
                throw GQLPatchError(failure.code, "reading \(parent.name) \(field): \(failure.message); nothing was deleted")
            }
            let value = response.field(get)?[field]
            let records = many ? (value?["items"]?.arrayValue ?? []) : (value.map { [$0] } ?? [])
            for record in records {
                guard let object = record.objectValue, object["_deleted"] != .bool(true) else { continue }
                var key = JSONObject()
                for name in child.primaryKey { key[name] = object[name] ?? .null }
                keys.append(key)
            }
            guard many, let token = value?["nextToken"]?.stringValue else { break }
            variables["nextToken"] = .string(token)
        }
        return keys
    }
}
