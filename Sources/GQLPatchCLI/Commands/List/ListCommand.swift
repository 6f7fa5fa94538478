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

    package struct Plan: Sendable {
        package var model: Model
        /// The query field, its declared arguments and their values.
        package var query: ListQuery
        package var arguments: JSONObject { query.arguments }
        package var selection: SelectionSet
        package var fetchSelection: SelectionSet
    }

    package func makePlan() throws(GQLPatchError) -> Plan {
        let catalogue = settings.catalogue
        let model = try ModelLookup.model(named: options.model, in: catalogue)
        guard model.operations.list != nil else { throw .invalidInput("the API has no list query for \(model.name)") }
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
        let query = try ListArgumentsBuilder(
            catalogue: catalogue, readFile: context.readFile, wording: CommandLineWording()
        ).query(
            model: model, tests: options.conditions, filter: filter, sort: options.sort, pageSize: options.pageSize,
            limit: options.limit, index: options.index)
        let (selection, fetchSelection) = try SelectionBuilder(catalogue: catalogue, wording: CommandLineWording())
            .readSelections(for: model, paths: options.select)
        return Plan(model: model, query: query, selection: selection, fetchSelection: fetchSelection)
    }

    package func run() async throws(GQLPatchError) {
        var plan = try makePlan()
        let documents = DocumentBuilder()
        for note in plan.query.notes { context.console.message("gqlpatch: note: \(note)") }
        if let token = options.startingToken { plan.query.arguments["nextToken"] = .string(token) }
        if settings.dryRun {
            let request = try documents.listQuery(
                model: plan.model, selection: plan.fetchSelection, query: plan.query)
            let step = DryRun.step("list the first page (then each nextToken)", request)
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
    private func readPages(_ plan: Plan, session: CommandSession, resume: LockedValue<String?>)
        async throws(GQLPatchError) -> Int
    {
        let documents = DocumentBuilder()
        let console = session.console
        let field = plan.query.field
        var query = plan.query
        var printed = 0
        var failed = 0
        var pageNumber = 0
        var pages = PageTokenGuard(listing: field)
        // A page is retried on what `apply` retries (no connection, a lost one, HTTP 5xx, 429), with its backoff.
        let sender = session.pageRetrying
        while true {
            pageNumber += 1
            let request = try documents.listQuery(model: plan.model, selection: plan.fetchSelection, query: query)
            let response = try await sender.send(request).result.get()
            var itemErrors: [ItemError] = []
            for error in response.errors {
                guard let itemError = ItemError(error, field: field), !options.strict else {
                    try session.printEnvelopeOnFailure(response)
                    throw response.failure ?? GQLPatchError(.graphQLError, error.summary)
                }
                itemErrors.append(itemError)
            }
            guard let connection = response.field(field)?.objectValue, let items = connection["items"]?.arrayValue
            else {
                throw GQLPatchError(.badResponse, "\(field) returned no items list")
            }
            let page = pageNumber
            let outcome: Result<String?, GQLPatchError> = resume.withValue { token in
                do throws(GQLPatchError) {
                    if settings.output == .envelope { try session.printLine(response.envelope) }
                    // A record with an error under it is not a good record: a field the error nulled
                    // would read as a real null (and a backfill would overwrite the value it hides).
                    var failedItems = Set<Int>()
                    for itemError in itemErrors {
                        let record = items.indices.contains(itemError.index) ? items[itemError.index].objectValue : nil
                        let which =
                            record.map {
                                " (page \(page), \(describe(record: $0, index: itemError.index, plan: plan)))"
                            }
                            ?? " (page \(page))"
                        console.message("gqlpatch: error: \(itemError.path)\(which): \(itemError.error.summary)")
                        if options.errorsInline, settings.output != .envelope {
                            var line = JSONObject([("error", itemError.error.raw)])
                            if let record, !failedItems.contains(itemError.index) {
                                // Every error of this record takes its nulled value out of the line.
                                var partial = SelectionProjection.project(record, onto: plan.selection)
                                for other in itemErrors where other.index == itemError.index {
                                    partial = other.removing(from: partial)
                                }
                                line["item"] = .object(partial)
                            }
                            try session.printLine(.object(line))
                        }
                        failedItems.insert(itemError.index)
                    }
                    failed += failedItems.count
                    for (index, item) in items.enumerated() {
                        guard let record = item.objectValue, !failedItems.contains(index) else { continue }
                        if record["_deleted"] == .bool(true), !options.includeDeleted { continue }
                        if settings.output != .envelope {
                            try session.printLine(.object(SelectionProjection.project(record, onto: plan.selection)))
                        }
                        printed += 1
                        if let limit = options.limit, printed >= limit {
                            token = nil
                            return .success(nil)
                        }
                    }
                    // A token seen before is not one to resume from (it would go round again): none is offered.
                    let next: String?
                    do throws(GQLPatchError) {
                        next = try pages.follow(connection["nextToken"]?.stringValue)
                    } catch {
                        token = nil
                        return .failure(error)
                    }
                    token = next
                    return .success(next)
                } catch {
                    return .failure(error)
                }
            }
            guard let next = try outcome.get() else { return failed }
            query.arguments["nextToken"] = .string(next)
        }
    }

    /// `Item id=3`, `RecipeStep recipeID=r1 rowID=2`: the record by its key; by its place in the page
    /// (`Order item 0`) when the answer does not hold the whole key.
    private func describe(record: JSONObject, index: Int, plan: Plan) -> String {
        var key = JSONObject()
        for name in plan.model.primaryKey {
            guard let value = record[name], !value.isNull else { return "\(plan.model.name) item \(index)" }
            key[name] = value
        }
        return ModelLookup.describe(model: plan.model, key: key)
    }

    /// Tries per page, as `apply`'s default `--max-attempts`.
    static let maxAttempts = ApplyOptions.defaultMaxAttempts
}
