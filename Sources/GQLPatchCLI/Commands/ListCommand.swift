import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

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
                : (Array(text.utf8), "--filter")
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
        let plan = try makePlan()
        let documents = DocumentBuilder()
        for note in plan.query.notes { context.console.message("gqlpatch: note: \(note)") }
        if settings.options.dryRun {
            let request = try documents.listQuery(
                model: plan.model, selection: plan.fetchSelection, query: plan.query)
            let step = DryRun.step("list the first page (then each nextToken)", request)
            try DryRun.print([step], settings: settings, context: context)
            return
        }
        let session = CommandSession(settings: settings, context: context)
        let field = plan.query.field
        var query = plan.query
        var printed = 0
        var pages = PageTokenGuard(listing: field)
        while true {
            let request = try documents.listQuery(model: plan.model, selection: plan.fetchSelection, query: query)
            let response = try await session.client.send(request.json())
            if let failure = response.failure {
                try session.printEnvelopeOnFailure(response)
                throw failure
            }
            guard let connection = response.field(field)?.objectValue, let items = connection["items"]?.arrayValue
            else {
                throw GQLPatchError(.badResponse, "\(field) returned no items list")
            }
            if settings.options.output == .envelope {
                try session.printLine(response.envelope)
            }
            for item in items {
                guard let record = item.objectValue else { continue }
                if record["_deleted"] == .bool(true), !options.includeDeleted { continue }
                if settings.options.output != .envelope {
                    try session.printLine(.object(SelectionProjection.project(record, onto: plan.selection)))
                }
                printed += 1
                if let limit = options.limit, printed >= limit { return }
            }
            guard let token = try pages.follow(connection["nextToken"]?.stringValue) else { return }
            query.arguments["nextToken"] = .string(token)
        }
    }
}
