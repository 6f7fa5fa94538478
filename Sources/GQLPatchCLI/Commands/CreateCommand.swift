import JSON
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport

/// `gqlpatch create`: types and checks every value against the create input (required fields
/// included) before anything is sent, sends one create mutation, retries it once (same key) when
/// the connection drops or the server answers 5xx, and recognises its own record when a retry meets
/// an existing key. `--if-absent` accepts an existing record, never a soft-deleted one's tombstone.
package struct CreateCommand: Sendable {
    package var options: CreateOptions
    package var settings: Settings
    package var context: RunContext

    package struct Plan: Sendable {
        package var model: Model
        package var built: CreateInputBuilder.Result
        package var selection: SelectionSet
        /// The selection of the fetch after an existing key: the printed fields plus every sent field.
        package var fetchSelection: SelectionSet
    }

    package func makePlan() throws(GQLPatchError) -> Plan {
        let catalogue = settings.catalogue
        let model = try ModelLookup.model(named: options.model, in: catalogue)
        var patch: JSONObject?
        if let path = options.patch { patch = try PatchFile.read(path, readFile: context.readFile) }
        let built = try CreateInputBuilder(catalogue: catalogue, readFile: context.readFile)
            .build(model: model, patch: patch, values: options.values)
        let selections = SelectionBuilder(catalogue: catalogue)
        let selection = try options.select.map { paths throws(GQLPatchError) in try selections.selection(for: model, paths: paths) }
            ?? selections.defaultSelection(for: model)
        var fetchSelection = selections.defaultSelection(for: model)
        if let select = options.select {
            let sent = built.input.keys.filter { model.field($0) != nil }
            fetchSelection = try selections.selection(for: model, paths: select + sent)
        }
        // An existing key may be a versioned delete's tombstone: the fetch must see `_deleted`.
        if model.isVersioned { fetchSelection = RecordUpdater.withSyncFields(fetchSelection) }
        return Plan(model: model, built: built, selection: selection, fetchSelection: fetchSelection)
    }

    package func run() async throws(GQLPatchError) {
        let plan = try makePlan()
        let request = try DocumentBuilder().createMutation(model: plan.model, selection: plan.selection, input: plan.built.input)
        if settings.options.dryRun {
            try DryRun.print([DryRun.step("create", request)], settings: settings, context: context)
            return
        }
        let session = CommandSession(settings: settings, context: context)
        var retried = false
        let response: GraphQLResponse
        let key = plan.built.keyIsComplete ? plan.built.key : nil
        do {
            response = try await session.client.send(request.json())
        } catch where plan.built.keyIsComplete && (error.code == .unavailable || error.code == .badResponse) {
            // The connection dropped, the server failed, or the answer was garbled: the create may or
            // may not have happened. Sending it again with the same key cannot make a duplicate.
            session.console.message("gqlpatch: note: \(error.message); sending the create once more with the same key")
            retried = true
            do {
                response = try await session.client.send(request.json())
            } catch {
                throw LostWriteHint.annotate(error, write: "create", model: plan.model, key: key)
            }
        } catch {
            throw LostWriteHint.annotate(error, write: "create", model: plan.model, key: key)
        }
        try await finish(plan, response: response, retried: retried, session: session)
    }

    private func describe(_ plan: Plan) -> String {
        ModelLookup.describe(model: plan.model, key: plan.built.key)
    }

    private func finish(_ plan: Plan, response: GraphQLResponse, retried: Bool, session: CommandSession) async throws(GQLPatchError) {
        let field = plan.model.operations.create ?? ""
        if response.errors.isEmpty {
            guard let item = response.field(field) else {
                try session.printEnvelopeOnFailure(response)
                throw GQLPatchError(.badResponse, "\(field) returned null without errors")
            }
            // An id gqlpatch made up is the server's to replace; the key fields given must come back.
            var given = plan.built.key
            if plan.built.generatedID { given["id"] = nil }
            try ResponseKeyCheck.check(response, model: plan.model, key: given, field: field)
            try session.printRecord(item, envelope: response.envelope)
            return
        }
        guard response.errors.contains(where: \.isConditionalCheckFailed), plan.built.keyIsComplete,
            plan.model.operations.get != nil
        else {
            try session.printEnvelopeOnFailure(response)
            throw response.failure ?? GQLPatchError(.graphQLError, "the server answered with errors")
        }
        let existing = try await session.fetch(model: plan.model, key: plan.built.key, selection: plan.fetchSelection)
        guard let existing else {
            try session.printEnvelopeOnFailure(response)
            throw GQLPatchError(.conflict, "\(describe(plan)): the create's condition failed (\(response.errors[0].summary))")
        }
        if existing["_deleted"] == .bool(true) {
            // A versioned delete keeps the key in a tombstone until the table's TTL removes it: neither
            // an existing record (--if-absent) nor one a lost first attempt created.
            try session.printEnvelopeOnFailure(response)
            let version = existing["_version"].map { " at _version \($0.serialized())" } ?? ""
            throw GQLPatchError(
                .conflict,
                "\(describe(plan)) was deleted (a soft-deleted tombstone\(version)): its key cannot be created again while the tombstone is kept; nothing was written")
        }
        let printed = JSONValue.object(SelectionProjection.project(existing, onto: plan.selection))
        if retried {
            var sent = plan.built.input
            for name in plan.built.key.keys { sent[name] = nil }
            if ResponseComparer(catalogue: settings.catalogue, model: plan.model).allApplied(record: existing, changes: sent) {
                session.console.message(
                    "gqlpatch: note: \(describe(plan)) exists with the values sent: the first attempt created it")
                try session.printRecord(printed, envelope: nil)
                return
            }
        }
        if options.ifAbsent {
            session.console.message("gqlpatch: note: \(describe(plan)) already exists; printing it (--if-absent)")
            try session.printRecord(printed, envelope: nil)
            return
        }
        try session.printEnvelopeOnFailure(response)
        throw GQLPatchError(.conflict, "\(describe(plan)) already exists; nothing was written (--if-absent accepts that)")
    }
}
