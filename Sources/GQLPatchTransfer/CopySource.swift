import GQLPatchBatch
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// `copy`'s records as a batch's source: each page the export reader gives, its lines rewritten for
/// the target as `import` rewrites a file's (`ImportRewrite`) and typed by the target's schema, with
/// no text between them: a record is serialised once, into the request that writes it. A line whose
/// owner value `--map-owner` does not map fails as its own line (the source's owner is never kept).
/// Lines are numbered from 1, as the export's records would be.
package final class CopySource: BatchSource {
    package let name: String
    private var reader: ExportReader
    private let rewrite: ImportRewrite
    private let parser: BatchLineParser
    private let scrubber: SecretScrubber?
    private var pending: [JSONValue] = []
    private var pendingIndex = 0
    private var number = 0
    /// What was read, per step of the plan: records into first-pass lines, and second-pass lines.
    package private(set) var records: [Int]
    package private(set) var updates: [Int]
    /// Told once, when the last page was read (the export's end, before the last writes finish).
    package var onEnd: ((_ records: [Int], _ updates: [Int]) -> Void)?
    private var ended = false

    /// `scrubber`: the run's secrets, taken out of every value before it is written to the target.
    package init(
        name: String, reader: ExportReader, rewrite: ImportRewrite, parser: BatchLineParser, scrubber: SecretScrubber?
    ) {
        self.name = name
        self.reader = reader
        self.rewrite = rewrite
        self.parser = parser
        self.scrubber = scrubber
        records = Array(repeating: 0, count: reader.plan.steps.count)
        updates = records
    }

    package func next() async throws(GQLPatchError) -> BatchEntry? {
        while pendingIndex >= pending.count {
            guard !ended else { return nil }
            guard let page = try await reader.next() else {
                ended = true
                onEnd?(records, updates)
                return nil
            }
            if page.second {
                updates[page.step] += page.lines.count
            } else {
                records[page.step] += page.records
            }
            pending = page.lines
            pendingIndex = 0
        }
        var value = pending[pendingIndex]
        pending[pendingIndex] = .null  // let the record go once it is handed on
        pendingIndex += 1
        number += 1
        if let scrubber { value = Self.scrubbed(value, by: scrubber) }
        guard let object = value.objectValue else { return nil }
        if rewrite.owner == nil, !rewrite.ownerMap.isEmpty, let why = unmapped(object) {
            // Never journaled as done, so no digest to match.
            return .refused(BatchLineError(line: number, column: nil, message: why), digest: "")
        }
        do {
            return .operation(try parser.parse(.object(rewrite.rewrite(object)), line: number))
        } catch {
            return .refused(error, digest: "")
        }
    }

    /// Why the line's owner values cannot be mapped; nil when they all can (or it names none).
    private func unmapped(_ object: JSONObject) -> String? {
        guard object["op"]?.stringValue != "update", let name = object["model"]?.stringValue,
            let model = rewrite.catalogue.models[name], let set = object["set"]?.objectValue
        else { return nil }
        for field in model.ownerFields {
            let values = Self.strings(set[field]).filter { rewrite.ownerMap[$0] == nil }
            if !values.isEmpty {
                let shown = values.map { "'\($0)'" }.joined(separator: ", ")
                return
                    "\(name).\(field): owner value\(values.count == 1 ? "" : "s") without a mapping (\(shown)): give \(parser.wording.run.name(.mapOwner)) OLD=NEW for each"
            }
        }
        return nil
    }

    private static func strings(_ value: JSONValue?) -> [String] {
        if let text = value?.stringValue { return [text] }
        return (value?.arrayValue ?? []).compactMap(\.stringValue)
    }

    /// `value` with every string scrubbed of the run's secrets.
    private static func scrubbed(_ value: JSONValue, by scrubber: SecretScrubber) -> JSONValue {
        switch value {
        case .string(let text): return .string(scrubber.scrub(text))
        case .array(let items): return .array(items.map { scrubbed($0, by: scrubber) })
        case .object(let object):
            var copy = object
            for (key, item) in object { copy[key] = scrubbed(item, by: scrubber) }
            return .object(copy)
        default: return value
        }
    }
}
