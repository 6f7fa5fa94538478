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
        package var target: RecordService.CreateTarget
        package var built: CreateInputBuilder.Result
        package var model: Model { target.model }
        package var selection: SelectionSet { target.selection }
        /// The selection of the fetch after an existing key: the printed fields plus every sent field.
        package var fetchSelection: SelectionSet { target.fetchSelection }
    }

    package func makePlan() throws(GQLPatchError) -> Plan {
        let patch = try options.patch.map { (path) throws(GQLPatchError) in
            try PatchFile.read(path, readFile: context.readFile, wording: CommandLineWording())
        }
        let (target, built) = try RecordTargetBuilder(
            catalogue: settings.catalogue, conflictResolution: settings.conflictResolution,
            readFile: context.readFile, wording: CommandLineWording(), schemaSource: settings.schemaSource
        ).create(model: options.model, patch: patch, values: options.values, select: options.select)
        return Plan(target: target, built: built)
    }

    package func run() async throws(GQLPatchError) {
        if let field = options.next { return try await runNext(field: field) }
        let plan = try makePlan()
        let session = CommandSession(settings: settings, context: context)
        let target = plan.target
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

    private func describe(_ plan: Plan) -> String {
        ModelLookup.describe(model: plan.model, key: plan.built.key)
    }
}
