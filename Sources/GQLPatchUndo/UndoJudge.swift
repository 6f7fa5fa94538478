import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import JSON

/// Decides what to do about one logged write from the record as it is now: restore it only when it
/// is still exactly as that write left it. "As left" is its `_version` where the model carries one
/// (the answer's), else every field the write set holding the value it left, and `updatedAt` too
/// where the answer had it (any later write moves it). Values compare by the field's type
/// (`ResponseComparer`). A write whose answer was lost is judged by what it sent: a record holding
/// those values is taken as written by it, one still holding the values before as never written.
package struct UndoJudge: Sendable {
    package var catalogue: ModelCatalogue
    package var model: Model

    package init(catalogue: ModelCatalogue, model: Model) {
        self.catalogue = catalogue
        self.model = model
    }

    private var comparer: ResponseComparer { ResponseComparer(catalogue: catalogue, model: model) }
    private var versionField: String { VersionScheme.of(model).recordField }
    private static let updatedAt = "updatedAt"

    /// `now`: the record as read now (with its version and `_deleted`); nil when there is none.
    package func judge(_ entry: UndoLogEntry, now: JSONObject?) -> UndoJudgement {
        let gone = now == nil || now?["_deleted"] == .bool(true)
        switch entry.write {
        case "touch":
            return .nothingToUndo
        case "update":
            guard let before = entry.before else { return .cannot("the log has no record before the update") }
            let left = leftValues(entry)
            guard let now, !gone else {
                return entry.outcome == .inDoubt && !holds(now ?? [:], left)
                    ? .notApplied : .changedSince(left: report(left, after: after(entry)), now: nil)
            }
            var restore = JSONObject()
            for name in entry.fields { restore[name] = Self.stored(before[name] ?? .null) }
            if isAsLeft(entry, now: now, left: left) {
                return .restore(
                    .update(values: restore, version: version(now), guardValues: guardValues(entry, left: left)))
            }
            if holds(now, restore) { return entry.outcome == .inDoubt ? .notApplied : .alreadyUndone }
            return .changedSince(left: report(left, after: after(entry)), now: report(project(now, left), after: now))
        case "create":
            guard entry.recordKey(primaryKey: model.primaryKey) != nil else {
                return .cannot(
                    "the create's answer was lost and the server made its key, so the record it may have created is not known"
                )
            }
            let left = leftValues(entry)
            guard let now, !gone else { return entry.outcome == .inDoubt ? .notApplied : .alreadyUndone }
            if isAsLeft(entry, now: now, left: left) {
                return .restore(.delete(version: version(now), guardValues: guardValues(entry, left: left)))
            }
            return .changedSince(left: report(left, after: after(entry)), now: report(project(now, left), after: now))
        default:  // delete
            guard let before = entry.before else { return .cannot("the log has no record before the delete") }
            if let now, now["_deleted"] == .bool(true) {
                return .cannot(
                    "it is soft-deleted (a versioned model): AppSync keeps its tombstone until the table's TTL removes it and refuses a create with its key until then; its values are in the undo log"
                )
            }
            guard let now else {
                var fields = before
                for name in ["_version", "_deleted", "_lastChangedAt", "__typename"] { fields[name] = nil }
                return .restore(.create(fields: JSONObject(fields.map { ($0.key, Self.stored($0.value)) })))
            }
            let fields = JSONObject(before.filter { !$0.key.hasPrefix("_") })
            if holds(now, fields) { return entry.outcome == .inDoubt ? .notApplied : .alreadyUndone }
            return .changedSince(left: [:], now: report(project(now, fields), after: now))
        }
    }

    /// The values the write left in the fields it set: the answer's where it has them, else what was sent.
    private func leftValues(_ entry: UndoLogEntry) -> JSONObject {
        var left = JSONObject()
        let after = after(entry)
        for name in entry.fields { left[name] = after?[name] ?? entry.sends?[name] ?? .null }
        return left
    }

    private func after(_ entry: UndoLogEntry) -> JSONObject? {
        if case .landed(let after?) = entry.outcome { return after }
        return nil
    }

    private func version(_ record: JSONObject) -> Int? { record[versionField]?.intValue }

    /// Whether `record` holds `values`, an object's null members as absent (no read tells them apart).
    private func holds(_ record: JSONObject, _ values: JSONObject) -> Bool {
        values.allSatisfy {
            comparer.sameValue(Self.stored(record[$0.key] ?? .null), Self.stored($0.value), field: $0.key)
        }
    }

    private func isAsLeft(_ entry: UndoLogEntry, now: JSONObject, left: JSONObject) -> Bool {
        if let after = after(entry), let was = version(after), let is_ = version(now) { return was == is_ }
        guard holds(now, left) else { return false }
        if let after = after(entry), let was = after[Self.updatedAt], let is_ = now[Self.updatedAt] {
            return comparer.sameValue(was, is_, field: Self.updatedAt)
        }
        return true
    }

    /// A value as it is written back: a read answers null for a member an object never had, and
    /// writing that null would store one, so members that are null are left out (no read can tell
    /// an attribute stored as null from one absent).
    static func stored(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            .object(JSONObject(object.compactMap { $0.value.isNull ? nil : ($0.key, stored($0.value)) }))
        case .array(let items): .array(items.map(stored))
        default: value
        }
    }

    /// The values an unversioned write's condition checks: what the write left, and its `updatedAt`.
    private func guardValues(_ entry: UndoLogEntry, left: JSONObject) -> JSONObject {
        var values = left
        if let updated = after(entry)?[Self.updatedAt] { values[Self.updatedAt] = updated }
        return values
    }

    /// `record`'s values of `fields`' names (absent as null).
    private func project(_ record: JSONObject, _ fields: JSONObject) -> JSONObject {
        var result = JSONObject()
        for name in fields.keys { result[name] = record[name] ?? .null }
        return result
    }

    /// The values with the record's version, for a report.
    private func report(_ values: JSONObject, after: JSONObject?) -> JSONObject {
        var result = JSONObject()
        if let version = after.flatMap({ $0[versionField] }) { result[versionField] = version }
        for (name, value) in values { result[name] = value }
        return result
    }
}
