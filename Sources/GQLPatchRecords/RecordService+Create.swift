import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension RecordService {
    /// What to create.
    package struct CreateTarget: Sendable {
        package var model: Model
        /// The whole create input.
        package var input: JSONObject
        /// The key fields given, which the answer must carry (a made-up id the server may replace is left out).
        package var checkedKey: JSONObject
        /// The record's key, when the input holds all of it: only then can a lost try's record be
        /// looked up, and only then is a second try of the same input safe.
        package var key: JSONObject?
        package var condition: JSONValue?
        package var selection: SelectionSet
        /// The selection of the read after an existing key: at least the fields sent, and the sync fields for a versioned model.
        package var fetchSelection: SelectionSet

        package init(
            model: Model, input: JSONObject, checkedKey: JSONObject, key: JSONObject?, condition: JSONValue? = nil,
            selection: SelectionSet, fetchSelection: SelectionSet
        ) {
            self.model = model
            self.input = input
            self.checkedKey = checkedKey
            self.key = key
            self.condition = condition
            self.selection = selection
            self.fetchSelection = fetchSelection
        }
    }

    package enum CreateOutcome: Sendable {
        /// Created: the mutation's item and its response.
        case created(item: JSONObject, response: GraphQLResponse)
        /// A try whose answer was lost created it: the record as read.
        case createdUnseen(record: JSONObject)
        /// A live record already holds the key (or, with a condition, the condition failed on it):
        /// the record as read and the refusing response. The caller decides (the command line may accept it).
        case exists(record: JSONObject, response: GraphQLResponse)
    }

    /// Sends one create. A refusal on an existing key reads that record: a soft-deleted tombstone is
    /// refused (its key cannot be created again), a record holding the values sent after a lost try
    /// is that try's (`createdUnseen`), anything else is `exists`. Retrying a lost answer is the
    /// sender's (`RetryPolicy`), and safe only with the whole key in the input.
    package func create(_ target: CreateTarget) async throws(GQLPatchError) -> CreateOutcome {
        guard undoLog != nil else { return try await creating(target) }
        // Logged: the answer selects the whole record; the caller gets what it asked for.
        var wide = target
        wide.selection = undoSelection(target.selection, model: target.model)
        wide.fetchSelection = undoSelection(target.fetchSelection, model: target.model)
        switch try await creating(wide) {
        case .created(let item, let response):
            return .created(item: SelectionProjection.project(item, onto: target.selection), response: response)
        case .createdUnseen(let record):
            return .createdUnseen(record: SelectionProjection.project(record, onto: target.fetchSelection))
        case .exists(let record, let response):
            return .exists(record: SelectionProjection.project(record, onto: target.fetchSelection), response: response)
        }
    }

    private func creating(_ target: CreateTarget) async throws(GQLPatchError) -> CreateOutcome {
        let model = target.model
        let field = model.operations.create ?? "create"
        let request = try createRequest(target)
        let sent = try await sendWrite(
            request, write: "create", model: model, key: target.key,
            lands: Self.withoutKey(target.input, model))
        let response = sent.response
        if response.errors.isEmpty {
            guard let item = response.field(field) else {
                try rejected(response)
                throw GQLPatchError(.badResponse, "\(field) returned null without errors")
            }
            guard let object = item.objectValue else {
                try rejected(response)
                throw GQLPatchError(.badResponse, "\(field) returned \(item.serialized()) where an object was expected")
            }
            try ResponseKeyCheck.check(object, model: model, key: target.checkedKey, field: field)
            return .created(item: object, response: response)
        }
        guard response.errors.contains(where: \.isConditionalCheckFailed), let key = target.key,
            model.operations.get != nil
        else {
            try rejected(response)
            throw response.failure ?? GQLPatchError(.graphQLError, "the server answered with errors")
        }
        let name = ModelLookup.describe(model: model, key: key)
        guard let existing = try await fetch(model, key: key, selection: target.fetchSelection) else {
            try rejected(response)
            let summary = response.errors[0].summary
            guard target.condition != nil else {
                throw GQLPatchError(.conflict, "\(name): the create's condition failed (\(summary))")
            }
            throw GQLPatchError(
                .conflict,
                "\(name): the \(wording.name(.condition)) condition is false (\(summary)); nothing was written")
        }
        if existing["_deleted"] == .bool(true) {
            // A versioned delete keeps the key in a tombstone until the table's TTL removes it: neither
            // an existing record nor one a lost try created.
            try rejected(response)
            let version = existing["_version"].map { " at _version \($0.serialized())" } ?? ""
            throw GQLPatchError(
                .conflict,
                "\(name) was deleted (a soft-deleted tombstone\(version)): its key cannot be created again while the tombstone is kept; nothing was written"
            )
        }
        if sent.ambiguous {
            var fields = target.input
            for name in key.keys { fields[name] = nil }
            if ResponseComparer(catalogue: catalogue, model: model).allApplied(record: existing, changes: fields) {
                note("gqlpatch: note: \(name) exists with the values sent: the first attempt created it")
                return .createdUnseen(record: existing)
            }
        }
        return .exists(record: existing, response: response)
    }

    /// A create's input without its key: what the record holds once it has landed.
    private static func withoutKey(_ input: JSONObject, _ model: Model) -> JSONObject {
        var fields = input
        for name in model.primaryKey { fields[name] = nil }
        return fields
    }
}
