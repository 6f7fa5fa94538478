import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import JSON

/// The parts of a run that talk to the server and print: one GraphQL client (one HTTP session,
/// connections reused) and the printer, shared by the steps of a command. Its effects come from the
/// resolved `Settings` (built from the raw `GlobalOptions`, the environment and the config).
package struct CommandSession: Sendable {
    package var settings: Settings
    package var console: Console
    package var client: GraphQLClient
    /// `--undo-log`: the record rules log each write in it (opened when the settings were resolved).
    package var undoLog: (any UndoRecording)?

    package init(settings: Settings, context: RunContext) {
        self.settings = settings
        self.console = context.console
        self.client = settings.client(over: context.transport, console: context.console)
        undoLog = context.undoLog?.current
    }

    package var printer: JSONPrinter { JSONPrinter(pretty: settings.pretty, console: console) }

    /// The record rules (`RecordService`) over this session: each request sent once through the
    /// client (or through `send`, for a create's retries), a failed response printed with
    /// `--output envelope`, notes on stderr, and a write whose answer was lost told what to run.
    package func records(send: RecordService.Send? = nil) -> RecordService {
        let session = self
        let sender = throttleRetrying
        let once: RecordService.Send = { (request) async throws(GQLPatchError) -> RecordService.Sent in
            let outcome = await sender.send(request)
            return RecordService.Sent(response: try outcome.result.get(), ambiguous: outcome.ambiguous)
        }
        var service = RecordService(
            catalogue: settings.catalogue, conflictResolution: settings.conflictResolution,
            retryConflicts: settings.retryConflicts, wording: CommandLineWording(),
            send: send ?? once,
            note: { session.console.message($0) },
            rejected: { (response) throws(GQLPatchError) in try session.printEnvelopeOnFailure(response) },
            lostWrite: { error, write, model, key in LostWriteHint.annotate(error, write: write, model: model, key: key)
            })
        service.undoLog = undoLog
        return service
    }

    /// The session's sender for one request at a time: throttling (a 429, or a throttling error in
    /// a 200) is tried again under `RetryPolicy.command`, with a note on stderr; anything else is
    /// answered after one try.
    package var throttleRetrying: RetryingSender {
        let console = console
        return RetryingSender(
            client: client, policy: .command,
            onRetry: { _, failure in
                let reason = failure?.message ?? "the server is throttling requests"
                console.message("gqlpatch: note: \(reason); trying again")
            })
    }

    /// The session's sender for the pages of a listing (`list`, `query --paginate`, `dups`, `export`,
    /// `diff`): a page is retried on what `apply` retries (a read is safe to send again), with a note.
    package var pageRetrying: RetryingSender {
        let console = console
        return RetryingSender(
            client: client, policy: RetryPolicy(maxAttempts: ListCommand.maxAttempts),
            onRetry: { _, failure in
                console.message(
                    "gqlpatch: note: \(failure?.message ?? "the server is throttling requests"); reading the page again"
                )
            })
    }

    /// Checks that the endpoint answers and takes the credentials before a long job reads anything
    /// (`EndpointProbe`); the error names it as `role` ("the target").
    package func probe(as role: String) async throws(GQLPatchError) {
        do throws(GQLPatchError) {
            try await EndpointProbe.check(throttleRetrying)
        } catch {
            throw GQLPatchError(
                error.code,
                "\(role) (\(settings.endpoint ?? "no endpoint")) failed a first request, so nothing was read or sent: \(error.message)"
            )
        }
    }

    /// Sends one request through `throttleRetrying`: the classified answer, or the failure of its last try.
    package func send(_ request: GraphQLRequestBody) async throws(GQLPatchError) -> GraphQLResponse {
        try await throttleRetrying.send(request).result.get()
    }

    /// Prints the record, or the whole response with `--output envelope`.
    package func printRecord(_ record: JSONValue, envelope: JSONValue?) throws(GQLPatchError) {
        if settings.output == .envelope {
            try printer.print(envelope ?? .object(JSONObject([("data", record)])), to: console)
        } else {
            try printer.print(record, to: console)
        }
    }

    /// With `--output csv|tsv|table`, the printer of `model`'s records as rows of the columns
    /// `selection` gives; nil for JSON.
    func rowPrinter(model: Model, selection: SelectionSet) -> RowPrinter? {
        guard settings.output.isTabular else { return nil }
        return RowPrinter(
            mode: settings.output,
            columns: RecordColumns(selection: selection, fields: model.fields, catalogue: settings.catalogue),
            console: console)
    }

    /// With `--output envelope`, a failed response is printed too; otherwise stdout stays empty.
    package func printEnvelopeOnFailure(_ response: GraphQLResponse) throws(GQLPatchError) {
        if settings.output == .envelope {
            try printer.print(response.envelope, to: console)
        }
    }
}
