import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import JSON

/// `gqlpatch create`: types and checks every value against the create input (required fields
/// included) before anything is sent, sends one create mutation, retries it once (same key) when
/// `RetryPolicy` allows it (a lost connection, a timeout, HTTP 5xx or 429: the same rules as `apply`,
/// through the same sender) and the input holds the whole key, and recognises its own record when a
/// retry meets an existing key (`RecordService.create`). `--if-absent` accepts an existing record,
/// never a soft-deleted one's tombstone.
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
        if let path = options.patch {
            patch = try PatchFile.read(path, readFile: context.readFile, wording: CommandLineWording())
        }
        let built = try CreateInputBuilder(
            catalogue: catalogue, readFile: context.readFile, wording: CommandLineWording()
        )
        .build(model: model, patch: patch, values: options.values)
        let selections = SelectionBuilder(catalogue: catalogue, wording: CommandLineWording())
        let selection =
            try options.select.map { paths throws(GQLPatchError) in try selections.selection(for: model, paths: paths) }
            ?? selections.defaultSelection(for: model)
        var fetchSelection = selections.defaultSelection(for: model)
        if let select = options.select {
            let sent = built.input.keys.filter { model.field($0) != nil }
            fetchSelection = try selections.selection(for: model, paths: select + sent)
        }
        // An existing key may be a versioned delete's tombstone: the fetch must see `_deleted`.
        if model.isVersioned { fetchSelection = RecordService.withSyncFields(fetchSelection) }
        return Plan(model: model, built: built, selection: selection, fetchSelection: fetchSelection)
    }

    package func run() async throws(GQLPatchError) {
        if let field = options.next { return try await runNext(field: field) }
        let plan = try makePlan()
        let session = CommandSession(settings: settings, context: context)
        let target = RecordService.CreateTarget(
            model: plan.model, input: plan.built.input, checkedKey: checkedKey(plan),
            key: plan.built.keyIsComplete ? plan.built.key : nil, selection: plan.selection,
            fetchSelection: plan.fetchSelection)
        let request = try session.records().createRequest(target)
        if settings.dryRun {
            try DryRun.print([PlannedRequest("create", request)], settings: settings, context: context)
            return
        }
        let outcome = try await Self.records(for: request, keyIsComplete: plan.built.keyIsComplete, session: session)
            .create(target)
        switch outcome {
        case .created(let item, let response):
            try session.printRecord(.object(item), envelope: response.envelope)
        case .createdUnseen(let record):
            try session.printRecord(.object(SelectionProjection.project(record, onto: plan.selection)), envelope: nil)
        case .exists(let record, let response):
            if options.ifAbsent {
                session.console.message("gqlpatch: note: \(describe(plan)) already exists; printing it (--if-absent)")
                try session.printRecord(
                    .object(SelectionProjection.project(record, onto: plan.selection)), envelope: nil)
                return
            }
            try session.printEnvelopeOnFailure(response)
            throw GQLPatchError(
                .conflict, "\(describe(plan)) already exists; nothing was written (--if-absent accepts that)")
        }
    }

    /// The record service for a create: sent through `apply`'s sender under `RetryPolicy`, one
    /// retry, and only when the input holds the whole key (a second try of the same key cannot make
    /// a duplicate; without it, it could).
    static func records(for create: GraphQLRequestBody, keyIsComplete: Bool, session: CommandSession) -> RecordService {
        let console = session.console
        let sender = RetryingSender(
            client: session.client, policy: RetryPolicy(maxAttempts: keyIsComplete ? 2 : 1),
            onRetry: { request, failure in
                guard request.query == create.query else { return }
                let reason = failure?.message ?? "the server is throttling requests"
                console.message("gqlpatch: note: \(reason); sending the create once more with the same key")
            })
        return session.records(send: { (request) async throws(GQLPatchError) -> RecordService.Sent in
            let outcome = await sender.send(request)
            return RecordService.Sent(response: try outcome.result.get(), ambiguous: outcome.ambiguous)
        })
    }

    /// The key fields given, which the answer must carry: an id gqlpatch made up is the server's to replace.
    private func checkedKey(_ plan: Plan) -> JSONObject {
        var given = plan.built.key
        if plan.built.generatedID { given["id"] = nil }
        return given
    }

    private func describe(_ plan: Plan) -> String {
        ModelLookup.describe(model: plan.model, key: plan.built.key)
    }
}
