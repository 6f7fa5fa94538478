import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// A preview of `apply` lines: each line of the run's shard checked, its record read (one at a time)
/// and compared with what the line would write (`BatchPreviewEntry`); nothing is written. The command
/// prints the entries it gives.
package struct BatchPreview {
    // Not Sendable: reads on through the input, in the one task that drives it.
    private let input: BatchInput
    private let plan: BatchRunPlan
    private let catalogue: ModelCatalogue
    private let records: RecordService
    private let selections: DefaultSelections

    /// `wording`: the run's, for the selections' messages.
    package init(
        _ input: BatchInput, plan: BatchRunPlan, catalogue: ModelCatalogue, records: RecordService,
        wording: any InputWording
    ) {
        self.input = input
        self.plan = plan
        self.catalogue = catalogue
        self.records = records
        selections = DefaultSelections(builder: SelectionBuilder(catalogue: catalogue, wording: wording))
    }

    /// Previews every line, handing each entry to `write` as a JSON line as it comes; the number
    /// previewed.
    package func run(write: ([UInt8]) throws(GQLPatchError) -> Void) async throws(BatchInputStop) -> Int {
        var count = 0
        while let entry = try await next() {
            var bytes: [UInt8] = []
            JSONValue.object(entry.json).write(to: &bytes, pretty: false)
            bytes.append(UInt8(ascii: "\n"))
            do {
                try write(bytes)
            } catch {
                throw .failed(error)
            }
            count += 1
        }
        return count
    }

    /// The next line's entry; nil at the input's end.
    package func next() async throws(BatchInputStop) -> BatchPreviewEntry? {
        var otherShards = 0
        let operation: BatchOperation
        switch try await input.nextEntry(of: plan, otherShards: &otherShards) {
        case nil, .refused?, .undo?: return nil
        case .call(let call)?:
            // What a call would do is its resolver's: shown as the request it sends, not read.
            return BatchPreviewEntry(
                line: call.line, key: nil,
                change: .call(operation: call.operation, variables: call.request.variables, mutates: call.mutates))
        case .operation(let found)?: operation = found
        }
        do {
            return try await entry(operation)
        } catch {
            throw .failed(error)
        }
    }

    private func entry(_ operation: BatchOperation) async throws(GQLPatchError) -> BatchPreviewEntry {
        let entry = { (change: BatchPreviewEntry.Change) in
            BatchPreviewEntry(line: operation.line, key: operation.key, change: change)
        }
        if let sequence = operation.sequence {
            // Its number is known only when it runs: nothing to read for it.
            var created = ChangeSet(key: operation.key, changes: operation.changes).input(version: nil)
            created[sequence.orderField] = .string("<the largest \(sequence.orderField) of the parent, plus one>")
            return entry(.create(created))
        }
        let model = operation.model
        var selection = selections.selection(for: model)
        if operation.versioned { selection = RecordService.withSyncFields(selection) }
        let read = try await records.read(model, key: operation.key, selection: selection)
        let record = read.record.flatMap { found in found["_deleted"] == JSONValue.bool(true) ? nil : found }
        switch (operation.kind, record) {
        case (.update, let record?), (.upsert, let record?):
            let changeSet = ChangeSet(key: operation.key, changes: operation.changes, edits: operation.edits)
            return entry(
                .changes(
                    try ChangePreview(catalogue: catalogue, model: model).differences(
                        record: record, changeSet: changeSet)))
        case (.upsert, nil):
            return entry(.create(ChangeSet(key: operation.key, changes: operation.createFields).input(version: nil)))
        case (.create, nil):
            return entry(.create(ChangeSet(key: operation.key, changes: operation.changes).input(version: nil)))
        case (.delete, let record?):
            return entry(.delete(record))
        case (.touch, .some):
            // Written again, no value changed.
            return entry(.changes(JSONObject()))
        case (.create, .some):
            return entry(.exists(operation.recordName))
        case (.update, nil), (.delete, nil), (.touch, nil):
            return entry(.absent(operation.recordName))
        }
    }
}
