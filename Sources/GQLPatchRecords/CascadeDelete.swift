import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// The plan of a cascading delete: the whole tree of records under one record, read first by
/// following the catalogue's `@hasMany` and `@hasOne` relationships through the parent's
/// relationship field (every page, by `nextToken`), in the order to delete it: depth first,
/// children before their parent, the root last. Only reads are sent, through the record service;
/// the caller deletes (`RecordService.delete`) and prints.
///
/// The server's child lists are not taken on trust: every child must hold its parent's key
/// (`CascadeParentLink`), a null list is an error rather than "no children", and pages that repeat a
/// `nextToken` stop the reads. Any of these is exit 76 before a single record is deleted.
package struct CascadeDelete: Sendable {
    package var records: RecordService
    /// The page size of the child reads (nil: the server's).
    package var pageSize: Int?
    /// The caller's words for a refusal (they name its option for a cascade).
    package var refused: @Sendable (Refusal) -> GQLPatchError

    package init(records: RecordService, pageSize: Int?, refused: @escaping @Sendable (Refusal) -> GQLPatchError) {
        self.records = records
        self.pageSize = pageSize
        self.refused = refused
    }

    /// One record to delete.
    package struct Target: Sendable {
        package var model: Model
        package var key: JSONObject
        package var name: String { ModelLookup.describe(model: model, key: key) }

        package init(model: Model, key: JSONObject) {
            self.model = model
            self.key = key
        }
    }

    /// Why a cascade cannot be done with this schema, for the caller to word.
    package enum Refusal: Sendable {
        /// `model` has no get query to read its relationships with (`field`: the one being read; nil:
        /// the root's, checked before any read).
        case noGetQuery(model: String, field: String?)
        /// The schema says neither which fields of `child` hold `parent`'s key (`parent.field`) nor of a
        /// single field of `child` back to `parent`: the children returned could not be checked.
        case unlinked(parent: String, field: String, child: String)
        /// The same, found as a relationship is read.
        case unlinkedChild(parent: String, child: String)
    }

    /// The records to delete, the root last. Refused before anything is read: a relationship whose
    /// children cannot be checked. Refused before any child is read: a root that is missing or
    /// soft-deleted, or at another version than `expectVersion`, or on which `condition` is false
    /// (the root's delete still sends them, against a change in between).
    package func plan(model: Model, key: JSONObject, condition: JSONValue?, expectVersion: Int?)
        async throws(GQLPatchError) -> [Target]
    {
        let root = Target(model: model, key: key)
        try checkRelationships(from: model)
        try await checkRoot(root, condition: condition, expectVersion: expectVersion)
        var order: [Target] = []
        var visited: Set<String> = [root.name]
        try await collect(root, into: &order, visited: &visited)
        order.append(root)
        return order
    }

    private func checkRoot(_ root: Target, condition: JSONValue?, expectVersion: Int?) async throws(GQLPatchError) {
        guard root.model.operations.get != nil else { throw refused(.noGetQuery(model: root.model.name, field: nil)) }
        var fields = root.model.primaryKey
        if root.model.field("_deleted") != nil { fields.append("_deleted") }
        let versionName = VersionScheme.of(root.model).recordField
        if records.isVersioned(root.model) { fields.append(versionName) }
        fields += Self.fieldsTested(by: condition).filter { !fields.contains($0) }
        let selection = try SelectionBuilder(catalogue: records.catalogue, wording: records.wording).selection(
            for: root.model, paths: fields)
        guard let record = try await records.fetch(root.model, key: root.key, selection: selection) else {
            throw GQLPatchError(.notFound, "no \(root.name)")
        }
        if record["_deleted"] == .bool(true) {
            throw GQLPatchError(.notFound, "\(root.name) is already deleted (_deleted: true)", kind: .softDeleted)
        }
        if let expectVersion, record[versionName] != .int(expectVersion) {
            let version = record[versionName].map { $0.serialized() } ?? "null"
            throw GQLPatchError(
                .conflict,
                "\(root.name) is at \(versionName) \(version), not \(expectVersion) (\(records.wording.name(.expectVersion))); nothing was deleted"
            )
        }
        if let condition, !Self.holds(condition, on: record) {
            throw GQLPatchError(
                .conflict,
                "\(root.name): the \(records.wording.name(.condition)) condition is false; nothing was deleted")
        }
    }

    /// Every relationship the cascade follows must tell how a child refers to its parent
    /// (`CascadeParentLink`), or the children the server returns cannot be checked.
    private func checkRelationships(from model: Model) throws(GQLPatchError) {
        var pending = [model]
        var seen: Set<String> = [model.name]
        while let parent = pending.popLast() {
            for field in parent.relationships {
                guard let relationship = field.relationship, relationship.kind != .belongsTo,
                    let child = records.catalogue.models[relationship.relatedModel]
                else { continue }
                if CascadeParentLink.resolve(parent: parent, relationship: relationship, child: child) == nil {
                    throw refused(.unlinked(parent: parent.name, field: field.name, child: child.name))
                }
                if seen.insert(child.name).inserted { pending.append(child) }
            }
        }
    }

    /// The fields `condition` tests, each once.
    static func fieldsTested(by condition: JSONValue?) -> [String] {
        guard let object = condition?.objectValue else { return [] }
        if let terms = object["and"]?.arrayValue ?? object["or"]?.arrayValue {
            var seen: Set<String> = []
            return terms.flatMap { fieldsTested(by: $0) }.filter { seen.insert($0).inserted }
        }
        return object.keys
    }

    /// Evaluates the `{F: {eq: V}}`, null-test (`{or: [{F: {attributeExists: false}}, {F: {attributeType: _null}}]}`)
    /// and `{and: [...]}` conditions that `ConditionBuilder` makes.
    static func holds(_ condition: JSONValue, on record: JSONObject) -> Bool {
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
}
