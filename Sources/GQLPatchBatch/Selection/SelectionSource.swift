import GQLPatchSupport
import JSON

/// The keys a selection picked, read back from their spool, as a batch's source: one operation per
/// key, numbered from 1 in the order they were listed.
package final class SelectionSource: BatchSource {
    package let name: String
    /// Held for as long as its lines are read: its descriptor closes with it.
    private let spool: SelectionSpool
    private let lines: BatchLineSource
    private let write: SelectionWrite
    private let journaled: Bool

    /// `journaled`: the run keeps a journal, so each operation carries its line's digest.
    package init(spool: SelectionSpool, write: SelectionWrite, journaled: Bool) throws(GQLPatchError) {
        name = spool.name
        self.spool = spool
        lines = try spool.lines()
        self.write = write
        self.journaled = journaled
    }

    package func next() async throws(GQLPatchError) -> BatchEntry? {
        while let line = try lines.next() {
            if line.isBlank { continue }
            if !write.cascadeModels.isEmpty { return .operation(try cascadeOperation(line)) }
            guard let key = try? line.parse().objectValue, !key.isEmpty,
                write.model.primaryKey.allSatisfy({ key[$0] != nil }), key.count == write.model.primaryKey.count
            else {
                throw GQLPatchError(
                    .invalidInput,
                    "\(name):\(line.number): error: not a key of \(write.model.name) (the file holds the keys a run selected, one JSON object per line)"
                )
            }
            return .operation(write.operation(line: line.number, key: key, bytes: line.bytes, journaled: journaled))
        }
        return nil
    }

    /// A cascade's line: `{"model", "key", "group"}`, and `"root": true` on a selected record's own.
    private func cascadeOperation(_ line: JSONLine) throws(GQLPatchError) -> BatchOperation {
        guard let object = try? line.parse().objectValue, let name = object["model"]?.stringValue,
            let (model, versioned) = write.cascadeModels[name], let key = object["key"]?.objectValue,
            model.primaryKey.allSatisfy({ key[$0] != nil }), key.count == model.primaryKey.count,
            let group = object["group"]?.stringValue
        else {
            throw GQLPatchError(
                .invalidInput,
                "\(name):\(line.number): error: not a record of the cascade (the file holds the deletes a run planned, one JSON object per line)"
            )
        }
        return write.cascadeOperation(
            line: line.number, model: model, versioned: versioned, key: key, group: group,
            root: object["root"] == .bool(true), bytes: line.bytes, journaled: journaled)
    }
}
