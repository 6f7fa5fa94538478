import GQLPatchBatch
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// `copy`'s rewrite of each streamed line, with the one check only a record's values allow: an owner
/// value that `--map-owner` does not map fails its line (`LineRefusals`) instead of keeping the
/// source's owner, as `import` refuses such a file whole.
struct CopyLineCheck: Sendable {
    let rewrite: ImportRewrite
    let refusals: LineRefusals

    var transform: @Sendable (JSONLine) -> JSONLine {
        { [rewrite, refusals] line in
            if rewrite.owner == nil, !rewrite.ownerMap.isEmpty, let why = Self.unmapped(line, rewrite: rewrite) {
                refusals.refuse(line: line.number, because: why)
                return line
            }
            return rewrite.rewrite(line)
        }
    }

    /// Why `line`'s owner values cannot be mapped; nil when they all can (or it names none).
    static func unmapped(_ line: JSONLine, rewrite: ImportRewrite) -> String? {
        guard !line.isBlank, let object = try? line.parse().objectValue, object["op"]?.stringValue != "update",
            let name = object["model"]?.stringValue, let model = rewrite.catalogue.models[name],
            let set = object["set"]?.objectValue
        else { return nil }
        for field in model.ownerFields {
            let values = strings(set[field]).filter { rewrite.ownerMap[$0] == nil }
            if !values.isEmpty {
                let shown = values.map { "'\($0)'" }.joined(separator: ", ")
                return
                    "\(name).\(field): owner value\(values.count == 1 ? "" : "s") without a mapping (\(shown)): give \(OptionName.mapOwner) OLD=NEW for each"
            }
        }
        return nil
    }

    private static func strings(_ value: JSONValue?) -> [String] {
        if let text = value?.stringValue { return [text] }
        return (value?.arrayValue ?? []).compactMap(\.stringValue)
    }
}
