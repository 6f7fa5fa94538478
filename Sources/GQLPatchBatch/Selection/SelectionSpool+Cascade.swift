import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension SelectionSpool {
    /// Each selected record of `roots` (keys of `model`) with the tree under it (`CascadeDelete`,
    /// read first: children before their parent), written as one line per delete:
    /// `{"model", "key", "group"}`, the group naming the selected record, whose own line comes last
    /// with `"root": true`. A selected record gone since it was listed keeps only its own line (its
    /// delete then reports it). The deletes per model.
    package func fillCascade(roots: SelectionSpool, model: Model, cascade: CascadeDelete)
        async throws(GQLPatchError) -> [String: Int]
    {
        let lines = try roots.lines()
        var counts: [String: Int] = [:]
        while let line = try lines.next() {
            if line.isBlank { continue }
            guard let key = try? line.parse().objectValue else {
                throw GQLPatchError(.invalidInput, "\(roots.name):\(line.number): error: not a key of \(model.name)")
            }
            let group = model.name + " " + JSONValue.object(key).serialized()
            var order: [CascadeDelete.Target]
            do throws(GQLPatchError) {
                order = try await cascade.plan(model: model, key: key, condition: nil, expectVersion: nil)
            } catch {
                guard error.code == .notFound else { throw error }
                order = [CascadeDelete.Target(model: model, key: key)]
            }
            for (index, target) in order.enumerated() {
                var object = JSONObject([
                    ("model", .string(target.model.name)), ("key", .object(target.key)), ("group", .string(group)),
                ])
                if index == order.count - 1 { object["root"] = .bool(true) }
                try append(object)
                counts[target.model.name, default: 0] += 1
            }
        }
        try seal()
        return counts
    }
}
