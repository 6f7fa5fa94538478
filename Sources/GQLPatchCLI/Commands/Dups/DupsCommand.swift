import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSettings
import GQLPatchSupport
import JSON

/// `gqlpatch dups`: reads one parent's records through a key query (the primary key's or an index's,
/// as `list --where` picks it; never a scan), every page, and prints each group of records equal in
/// the `--by` fields as a JSON line (`DuplicateGroups`). Exit 0 when there is none, 1 when there are,
/// so a CI step can fail on duplicates.
package struct DupsCommand: Sendable {
    package var options: DupsOptions
    package var settings: Settings
    package var context: RunContext

    package struct Plan: Sendable {
        package var model: Model
        package var query: ListQuery
        package var selection: SelectionSet
        package var finder: DuplicateGroups
    }

    package func makePlan() throws(GQLPatchError) -> Plan {
        let catalogue = settings.catalogue
        let model = try ModelLookup.model(named: options.model, in: catalogue)
        let finder = try DuplicateGroups(
            model: model, fields: options.by, source: .groupBy, wording: CommandLineWording())
        let query = try ListArgumentsBuilder(
            catalogue: catalogue, readFile: context.readFile, wording: CommandLineWording()
        ).query(
            model: model, tests: options.parent.map(FieldTest.init), filter: nil, sort: nil,
            pageSize: options.pageSize, index: options.index)
        guard query.notes.isEmpty, query.arguments["filter"] == nil else {
            let why = query.notes.first.map { " (\($0))" } ?? ""
            throw .invalidInput(
                "dups reads one parent through a key query, never a scan: --key must give exactly the partition key of \(model.name)'s primary key or of an index with a query\(why)"
            )
        }
        // The key, the fields compared, and the parent's fields, which the reader checks on each record.
        var names = model.primaryKey
        let parentFields = query.arguments.keys.filter {
            model.field($0) != nil && query.arguments[$0]?.objectValue == nil
        }
        for name in options.by + parentFields where !names.contains(name) { names.append(name) }
        if model.field("_deleted") != nil { names.append("_deleted") }
        let selection = SelectionSet(fields: names.map { SelectionSet.Field(name: $0) })
        return Plan(model: model, query: query, selection: selection, finder: finder)
    }

    package func run() async throws(GQLPatchError) -> ExitCode {
        let plan = try makePlan()
        let session = CommandSession(settings: settings, context: context)
        let console = session.console
        // A page is retried on what `apply` retries, as `list`'s pages are.
        let sender = session.pageRetrying
        let records = session.records(send: { (request) async throws(GQLPatchError) -> RecordService.Sent in
            let outcome = await sender.send(request)
            return RecordService.Sent(response: try outcome.result.get(), ambiguous: outcome.ambiguous)
        })
        let reader = SequenceReader(service: records)
        if settings.dryRun {
            let planned = try reader.plannedRecords(
                model: plan.model, query: plan.query, selection: plan.selection,
                purpose: "read the parent's records (then each nextToken)")
            try DryRun.print([planned], settings: settings, context: context)
            return .success
        }
        let read = try await reader.records(
            model: plan.model, query: plan.query, selection: plan.selection)
        let groups = plan.finder.groups(read)
        for group in groups { try session.printLine(group.json) }
        guard !groups.isEmpty else { return .success }
        let copies = groups.map(\.keys.count).reduce(0, +)
        console.message(
            "gqlpatch: note: \(groups.count) \(groups.count == 1 ? "group" : "groups") of duplicates (\(copies) records) by \(options.by.joined(separator: ", "))"
        )
        return .graphQLError
    }
}
