import GQLPatchOperations
import GQLPatchSupport
import JSON

/// One page of a model's records as export lines: the first pass's upserts, or the second pass's
/// updates of a broken cycle's fields. Soft-deleted records are left out unless asked for; masks are
/// applied before a line is made.
package struct ExportPage: Sendable {
    /// The step's index in the plan.
    package var step: Int
    package var second: Bool
    package var lines: [JSONValue]
    /// Records read into first-pass lines (the second pass counts its lines instead).
    package var records: Int

    package init(step: Int, second: Bool, lines: [JSONValue], records: Int) {
        self.step = step
        self.second = second
        self.lines = lines
        self.records = records
    }

    /// The lines of `items`, a page of `step`'s model: first-pass lines, second-pass updates (of the
    /// fields a broken cycle defers), or both; `records`: the records read into them.
    package static func lines(
        of items: [JSONValue], step: ExportStep, includeDeleted: Bool, masker: RecordMasker?, first: Bool,
        second: Bool
    ) throws(GQLPatchError) -> (first: [JSONValue], second: [JSONValue], records: Int) {
        var firstLines: [JSONValue] = []
        var secondLines: [JSONValue] = []
        if first { firstLines.reserveCapacity(items.count) }
        var records = 0
        for item in items {
            guard var record = item.objectValue else { continue }
            if record["_deleted"] == .bool(true), !includeDeleted { continue }
            if let masker { record = masker.mask(record, model: step.model.name) }
            guard let line = step.line.line(for: record) else {
                throw GQLPatchError(
                    .badResponse, "\(step.query.field) returned a \(step.model.name) record without its key")
            }
            records += 1
            if first { firstLines.append(line) }
            if second, let update = step.line.secondLine(for: record) { secondLines.append(update) }
        }
        return (firstLines, secondLines, records)
    }
}
