import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// Reads sequences (`SequenceDescription`) through their key query, never a scan: every page
/// (`nextToken` to the end, a repeated token refused by `PageTokenGuard`, exit 76), tombstones kept
/// and marked (`SequenceRow.isDeleted`: a soft-deleted record's number stays taken), and the largest
/// number ever used (one descending query, limit 1, tombstones included). It sends through the
/// service's `send` (so the caller decides retries: the commands pass a `RetryingSender`'s), a failed
/// response goes to the service's `rejected` and is thrown, and every record returned must belong to
/// the parent asked for and carry its key and an `Int` number (else exit 76).
///
///     let reader = SequenceReader(service: records)
///     let rows = try await reader.rows(sequence)                 // all, in order, tombstones marked
///     let next = (try await reader.largestNumber(sequence) ?? 0) + 1
package struct SequenceReader: Sendable {
    package var service: RecordService

    package init(service: RecordService) {
        self.service = service
    }

    /// `extra` plus what a sequence read always needs: the primary key, the parent, the number, and on a
    /// versioned model its version field (`_version` and `_deleted`, or v1 `@versioned`'s `version`).
    package func selection(for sequence: SequenceDescription, adding extra: SelectionSet = SelectionSet(fields: []))
        -> SelectionSet
    {
        let model = sequence.model
        var selection = extra
        for name in model.primaryKey + [sequence.parentField, sequence.orderField] where !selection.contains(name) {
            selection.fields.append(SelectionSet.Field(name: name))
        }
        if service.isVersioned(model) { selection = VersionScheme.of(model).fetchSelection(selection) }
        if model.field("_deleted") != nil, !selection.contains("_deleted") {
            selection.fields.append(SelectionSet.Field(name: "_deleted"))
        }
        return selection
    }

    /// The parent's rows in `order` (all of them, or those whose number meets `condition`), every
    /// page read; tombstones included and marked. `selection` nil: `selection(for:)` alone.
    package func rows(
        _ sequence: SequenceDescription, selection: SelectionSet? = nil, order: SortOrder = .asc,
        condition: SequenceDescription.NumberCondition? = nil, pageSize: Int? = nil
    ) async throws(GQLPatchError) -> [SequenceRow] {
        let selection = selection ?? self.selection(for: sequence)
        let query = sequence.query(order: order, condition: condition, limit: pageSize)
        var rows: [SequenceRow] = []
        try await pages(model: sequence.model, query: query, selection: selection) { (items) throws(GQLPatchError) in
            for record in items { rows.append(try row(record, of: sequence)) }
            return true
        }
        return rows
    }

    /// The largest number any row of the parent holds, a tombstone's included (so it is never
    /// reused); nil when the parent has no rows. One query: descending, limit 1.
    package func largestNumber(_ sequence: SequenceDescription) async throws(GQLPatchError) -> Int? {
        let selection = self.selection(for: sequence)
        var largest: Int?
        // A server may answer a limited page with no item and a nextToken: the next page is read.
        try await pages(model: sequence.model, query: sequence.query(order: .desc, limit: 1), selection: selection) {
            (items) throws(GQLPatchError) in
            guard let first = items.first else { return true }
            largest = try row(first, of: sequence).number
            return false
        }
        return largest
    }

    /// The read `largestNumber` sends first, for a dry run.
    package func plannedLargestNumber(_ sequence: SequenceDescription, purpose: String) throws(GQLPatchError)
        -> PlannedRequest
    {
        try plannedRecords(
            model: sequence.model, query: sequence.query(order: .desc, limit: 1), selection: selection(for: sequence),
            purpose: purpose)
    }

    /// The first page `records(model:query:selection:)` asks for, for a dry run.
    package func plannedRecords(model: Model, query: ListQuery, selection: SelectionSet, purpose: String)
        throws(GQLPatchError) -> PlannedRequest
    {
        PlannedRequest(purpose, try DocumentBuilder().listQuery(model: model, selection: selection, query: query))
    }

    /// Every record `query` returns, following `nextToken` to the end, tombstones included. A scan is
    /// the caller's to refuse (`ListQuery.notes`); this reads what it is given. `selection` must hold
    /// the fields the query's arguments give a value (the partition key): each record is checked on them.
    package func records(model: Model, query: ListQuery, selection: SelectionSet) async throws(GQLPatchError)
        -> [JSONObject]
    {
        var records: [JSONObject] = []
        try await pages(model: model, query: query, selection: selection) { (items) throws(GQLPatchError) in
            records += items
            return true
        }
        return records
    }

    /// Sends `query` page by page, giving each page's records to `take` until it returns false or
    /// there is no next page.
    private func pages(
        model: Model, query: ListQuery, selection: SelectionSet,
        take: (_ items: [JSONObject]) throws(GQLPatchError) -> Bool
    ) async throws(GQLPatchError) {
        var query = query
        var tokens = PageTokenGuard(listing: query.field)
        while true {
            let request = try DocumentBuilder().listQuery(model: model, selection: selection, query: query)
            let response = try await service.send(request).response
            if let failure = response.failure {
                try service.rejected(response)
                throw failure
            }
            guard let connection = response.field(query.field)?.objectValue,
                let items = connection["items"]?.arrayValue
            else {
                throw GQLPatchError(.badResponse, "\(query.field) returned no items list")
            }
            var records: [JSONObject] = []
            for item in items {
                guard let record = item.objectValue else {
                    throw GQLPatchError(
                        .badResponse, "\(query.field) returned \(item.serialized()) where a record was expected")
                }
                for (name, value) in query.arguments where model.field(name) != nil && value.objectValue == nil {
                    guard record[name] == value else {
                        throw GQLPatchError(
                            .badResponse,
                            "\(query.field) for \(name)=\(value.serialized()) returned a record whose \(name) is \(record[name]?.serialized() ?? "missing")"
                        )
                    }
                }
                records.append(record)
            }
            guard try take(records), let next = try tokens.follow(connection["nextToken"]?.stringValue) else { return }
            query.arguments["nextToken"] = .string(next)
        }
    }

    private func row(_ record: JSONObject, of sequence: SequenceDescription) throws(GQLPatchError) -> SequenceRow {
        guard let key = sequence.key(of: record) else {
            throw GQLPatchError(
                .badResponse,
                "\(sequence.queryField) returned a \(sequence.model.name) without its key (\(sequence.model.primaryKey.joined(separator: ", ")))"
            )
        }
        guard let number = sequence.number(of: record) else {
            throw GQLPatchError(
                .badResponse,
                "\(sequence.queryField) returned \(ModelLookup.describe(model: sequence.model, key: key)) with \(sequence.orderField) \(record[sequence.orderField]?.serialized() ?? "missing"), not an Int"
            )
        }
        return SequenceRow(record: record, key: key, number: number, isDeleted: record["_deleted"] == .bool(true))
    }
}
