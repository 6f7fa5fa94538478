import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import JSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `gqlpatch list`: builds the list query's arguments (key query, filter, order, page size), then
/// prints the records as JSON Lines while following `nextToken` to the end or to `--limit` records.
/// Soft-deleted records are left out unless `--include-deleted`. A `nextToken` the listing has seen
/// before stops it (`PageTokenGuard`), after the page that carried it is printed.
package struct ListCommand: Sendable {
    package var options: ListOptions
    package var settings: Settings
    package var context: RunContext

    package typealias Plan = ModelListing

    package func makePlan() throws(GQLPatchError) -> Plan {
        let catalogue = settings.catalogue
        let model = try ModelLookup.model(named: options.model, in: catalogue)
        guard model.operations.list != nil else { throw .invalidInput("the API has no list query for \(model.name)") }
        let filter = try filterJSON()
        let query = try ListArgumentsBuilder(
            catalogue: catalogue, readFile: context.readFile, wording: CommandLineWording()
        ).query(
            model: model, tests: options.conditions, filter: filter, sort: options.sort, pageSize: options.pageSize,
            limit: options.limit, index: options.index)
        let (selection, fetchSelection) = try SelectionBuilder(catalogue: catalogue, wording: CommandLineWording())
            .readSelections(for: model, paths: options.select)
        var listing = ModelListing(model: model, query: query, selection: selection, fetchSelection: fetchSelection)
        listing.strict = options.strict
        listing.includeDeleted = options.includeDeleted
        listing.limit = options.limit
        return listing
    }

    /// `--filter`'s JSON (inline, or `@PATH`); nil when not given.
    func filterJSON() throws(GQLPatchError) -> JSONValue? {
        var filter: JSONValue?
        if let text = options.filter {
            let (bytes, name): ([UInt8], String) =
                text.hasPrefix("@")
                ? (try context.readFile(String(text.dropFirst())), String(text.dropFirst()))
                : (Array(text.utf8), OptionName.filter)
            do {
                filter = try JSONValue.parse(bytes)
            } catch {
                // The place once: `--filter:1:2: error: ...` inline, `FILE:1:2: error: --filter: ...` from a file.
                let inline = !text.hasPrefix("@")
                let place = inline ? name : name == "-" ? "<stdin>" : name
                throw .invalidInput(
                    "\(place):\(error.line):\(error.column): error: \(inline ? "" : "--filter: ")\(error.message)")
            }
        }
        return filter
    }

    /// What the listing picks, as one filter (its tests and `--filter`, typed): what each write to a
    /// record it picked is guarded by (`update --where`).
    func selectionFilter(model: Model) throws(GQLPatchError) -> JSONValue? {
        let builder = ListArgumentsBuilder(
            catalogue: settings.catalogue, readFile: context.readFile, wording: CommandLineWording())
        return try builder.selection(model: model, tests: options.conditions, filter: try filterJSON())
    }

    package func run() async throws(GQLPatchError) {
        let plan = try makePlan()
        for note in plan.query.notes { context.console.message("gqlpatch: note: \(note)") }
        if settings.dryRun {
            let step = PlannedRequest(
                "list the first page (then each nextToken)", try plan.request(token: options.startingToken))
            try DryRun.print([step], settings: settings, context: context)
            return
        }
        let session = CommandSession(settings: settings, context: context)
        let console = context.console
        let field = plan.query.field
        // The token of the next page to read (nil: the first page). Pages are printed and this is
        // moved on under its lock, so a signal sees either a page wholly printed or not at all.
        let resume = LockedValue<String?>(options.startingToken)
        let watch =
            options.catchesInterrupt
            ? InterruptWatch(onFirst: { signal in
                resume.withValue { token in
                    if let token { console.message(Self.resumeNote(token, interrupted: true)) }
                    ProcessGroupRegistry.endAll()
                    _exit(128 + signal)
                }
            }) : nil
        watch?.start()
        defer { watch?.stop() }
        do throws(GQLPatchError) {
            let failed = try await readPages(plan, session: session, resume: resume)
            if failed > 0 {
                throw GQLPatchError(
                    .graphQLError,
                    "\(failed) \(failed == 1 ? "record" : "records") of \(field) could not be read (each reported above); the others were printed"
                )
            }
        } catch {
            // A reader that closed the pipe (`| head`) wanted no more: nothing to go on from.
            if let token = resume.current, !console.readerClosed {
                console.message(Self.resumeNote(token, interrupted: false))
            }
            throw error
        }
    }

    /// How to go on from where a listing stopped.
    static func resumeNote(_ token: String, interrupted: Bool) -> String {
        "gqlpatch: note: \(interrupted ? "interrupted" : "stopped"); to go on from the page it was reading, run the same command with --starting-token \(token)"
    }

    /// Reads and prints every page; the number of items the server reported errors for.
    private func readPages(_ listing: ModelListing, session: CommandSession, resume: LockedValue<String?>)
        async throws(GQLPatchError) -> Int
    {
        let console = session.console
        let envelope = settings.output == .envelope
        let rows = session.rowPrinter(model: listing.model, selection: listing.selection)
        // Rows carry records only: an error line would break the table (it is on stderr anyway).
        let inline = options.errorsInline && !envelope && rows == nil
        let rejected: @Sendable (GraphQLResponse) throws(GQLPatchError) -> Void = { (response) throws(GQLPatchError) in
            try session.printEnvelopeOnFailure(response)
        }
        let failed = try await listing.run(from: resume.current, sender: session.pageRetrying, rejected: rejected) {
            (page) throws(GQLPatchError) in
            // Printed and the token moved on under one lock: a signal sees the page whole or not at all.
            let printed: Result<Void, GQLPatchError> = resume.withValue { token in
                do throws(GQLPatchError) {
                    if envelope { try session.printLine(page.response.envelope) }
                    for failure in page.failures {
                        console.message("gqlpatch: error: \(failure.path) (\(failure.place)): \(failure.error.summary)")
                        guard inline else { continue }
                        var line = JSONObject([("error", failure.error.raw)])
                        if let partial = failure.partial { line["item"] = .object(partial) }
                        try session.printLine(.object(line))
                    }
                    if let rows {
                        for record in page.records { try rows.print(record) }
                    } else if !envelope {
                        for record in page.records { try session.printLine(.object(record)) }
                    }
                    token = page.nextToken
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            try printed.get()
        }
        try rows?.finish()
        return failed
    }

    /// Tries per page, as `apply`'s default `--max-attempts`.
    static let maxAttempts = ApplyOptions.defaultMaxAttempts
}
