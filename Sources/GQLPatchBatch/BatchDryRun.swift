import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// A dry run of `apply` lines: each line of the run's shard checked and turned into the request it
/// would send (`BatchPlannedLine`), read one at a time; nothing is read from the server or sent, and
/// no credentials are looked up. The command prints the lines it gives.
package struct BatchDryRun {
    // Not Sendable: reads on through the input, in the one task that drives it.
    /// Why the dry run stopped before the input's end.
    package enum Stop: Error {
        /// A line that does not parse.
        case invalidLine(BatchLineError)
        /// A line whose model cannot be written as the schema stands (what was planned before it stands).
        case notWritable(GQLPatchError)
        /// The input could not be read, or a request not built.
        case failed(GQLPatchError)
    }

    private let input: BatchInput
    private let plan: BatchRunPlan
    private let documents = DocumentBuilder()
    private let selections: SelectionBuilder
    /// Lines left out because they are other shards'.
    package private(set) var otherShards = 0

    package init(_ input: BatchInput, plan: BatchRunPlan, catalogue: ModelCatalogue) {
        self.input = input
        self.plan = plan
        selections = SelectionBuilder(catalogue: catalogue, wording: input.wording)
    }

    /// Plans every line, handing the planned requests to `write` as JSON Lines (64 KiB at a time);
    /// the number planned. Before a line that does not parse, or whose model cannot be written, what
    /// was planned is handed on; a failure to read the input stops at once.
    package mutating func run(write: ([UInt8]) throws(GQLPatchError) -> Void) async throws(Stop) -> Int {
        var output: [UInt8] = []
        var count = 0
        func flush() throws(Stop) {
            do {
                try write(output)
            } catch {
                throw .failed(error)
            }
            output.removeAll(keepingCapacity: true)
        }
        while true {
            let planned: BatchPlannedLine?
            do {
                planned = try await next()
            } catch {
                switch error {
                case .invalidLine, .notWritable: try flush()
                case .failed: break
                }
                throw error
            }
            guard let planned else { break }
            planned.json.write(to: &output, pretty: false)
            output.append(UInt8(ascii: "\n"))
            count += 1
            if output.count >= 1 << 16 { try flush() }
        }
        if !output.isEmpty { try flush() }
        return count
    }

    /// The next line's planned request; nil at the input's end.
    package mutating func next() async throws(Stop) -> BatchPlannedLine? {
        let next: BatchEntry?
        do {
            next = try await input.nextEntry(of: plan, otherShards: &otherShards)
        } catch {
            switch error {
            case .invalidLine(let error): throw .invalidLine(error)
            case .failed(let error): throw .failed(error)
            }
        }
        let operation: BatchOperation
        switch next {
        case nil, .refused?, .undo?: return nil
        case .call(let call)?:
            return BatchPlannedLine(line: call.line, op: BatchLineParser.callOp, key: nil, request: call.request)
        case .operation(let found)?: operation = found
        }
        if operation.kind != .create {
            do {
                try VersionScheme.checkWritable(operation.model)
            } catch {
                throw .notWritable(error)
            }
        }
        do {
            return try planned(operation)
        } catch {
            throw .failed(error)
        }
    }

    /// The line's request, with what a run reads first (the version, an edited field's value) or
    /// works out as it goes (a sequence's next number) as placeholders.
    private func planned(_ operation: BatchOperation) throws(GQLPatchError) -> BatchPlannedLine {
        let selection = selections.defaultSelection(for: operation.model)
        let request: GraphQLRequestBody
        var input = ChangeSet(key: operation.key, changes: operation.changes).input(version: nil)
        let scheme = VersionScheme.of(operation.model)
        let fetched = JSONValue.string("<\(scheme.recordField) from a get>")
        // An edited field's new value is worked out from the record a get reads first.
        for edit in operation.edits { input[edit.field] = .string("<\(edit.field) from a get, edited>") }
        var createIfAbsent: GraphQLRequestBody?
        switch operation.kind {
        case .update, .upsert, .touch:
            if operation.versioned { input[scheme.inputField] = fetched }
            request = try documents.updateMutation(
                model: operation.model, selection: selection, input: input, condition: operation.condition)
            if operation.kind == .upsert {
                createIfAbsent = try documents.createMutation(
                    model: operation.model, selection: selection,
                    input: ChangeSet(key: operation.key, changes: operation.createFields).input(version: nil))
            }
        case .create:
            if let sequence = operation.sequence {
                input[sequence.orderField] = .string(
                    "<the largest \(sequence.orderField) of the parent, plus one (\(operation.start) when there is none)>"
                )
            }
            request = try documents.createMutation(
                model: operation.model, selection: selection, input: input, condition: operation.condition)
        case .delete:
            if operation.versioned { input[scheme.inputField] = fetched }
            request = try documents.deleteMutation(
                model: operation.model, selection: selection, input: input, condition: operation.condition)
        }
        return BatchPlannedLine(
            line: operation.line, op: operation.kind.rawValue, key: operation.key, request: request,
            ifAbsent: createIfAbsent)
    }
}
