import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

extension RecordService {
    /// A create numbered one past the largest number of its sequence's parent.
    package struct NextTarget: Sendable {
        package var sequence: SequenceDescription
        /// The create input without the number: the parent's field and the record's values (and, in
        /// the index form, the first try's `id`).
        package var input: JSONObject
        /// The number of an empty parent's first record.
        package var start: Int
        /// The index form's `id` for each try after the first (a lost race deletes the first try's
        /// record, whose key a versioned model keeps as a tombstone); nil when the caller gave the id.
        package var freshID: (@Sendable () -> String)?
        package var selection: SelectionSet
        package var fetchSelection: SelectionSet

        package init(
            sequence: SequenceDescription, input: JSONObject, start: Int, freshID: (@Sendable () -> String)?,
            selection: SelectionSet, fetchSelection: SelectionSet
        ) {
            self.sequence = sequence
            self.input = input
            self.start = start
            self.freshID = freshID
            self.selection = selection
            self.fetchSelection = fetchSelection
        }
    }

    /// What `createNext` made.
    package struct NextOutcome: Sendable {
        /// The record as created (or as read, when a lost try created it).
        package var item: JSONObject
        /// The create's response (nil when a lost try's record was recognised).
        package var response: GraphQLResponse?
        package var key: JSONObject
        package var number: Int
    }

    /// Tries before `createNext` gives up (exit 2): enough for tens of writers on one parent.
    package static let nextAttempts = 25

    /// Creates the record at the parent's largest number (tombstones included, so a soft-deleted
    /// number is never reused) plus one, or at `start` for an empty parent. When another writer took
    /// that number first it reads the largest again and retries, after `ConflictPause`'s random wait,
    /// up to `nextAttempts` tries (then exit 2). Primary-key form: the number is in the key, so the
    /// taken number is the create's failed condition. Index form: nothing stops two records sharing a
    /// number, so after its create it reads the records at that number and yields to an earlier rival
    /// (`yields`: deletes its own and tries again). That check needs the index's query to see a create
    /// that came before it, as the emulator's does; DynamoDB's index reads are eventually consistent.
    package func createNext(_ target: NextTarget) async throws(GQLPatchError) -> NextOutcome {
        let sequence = target.sequence
        let model = sequence.model
        let reader = SequenceReader(service: self)
        var input = target.input
        for attempt in 0..<Self.nextAttempts {
            if attempt > 0 {
                await ConflictPause.wait(afterAttempt: attempt)
                if let freshID = target.freshID { input["id"] = .string(freshID()) }
            }
            let largest = try await reader.largestNumber(sequence)
            let number: Int
            if let largest {
                guard largest < NumericLimits.graphQLIntMax else {
                    throw GQLPatchError(
                        .invalidInput,
                        "\(sequence.parentName): the largest \(sequence.orderField) is \(largest), the last a GraphQL Int can hold"
                    )
                }
                number = largest + 1
            } else {
                number = target.start
            }
            input[sequence.orderField] = .int(number)
            guard let key = sequence.key(of: input) else {
                throw GQLPatchError(.invalidInput, "\(model.name): the create has no value for its whole key")
            }
            let name = ModelLookup.describe(model: model, key: key)
            let outcome: CreateOutcome
            do {
                outcome = try await create(
                    CreateTarget(
                        model: model, input: input, checkedKey: key, key: key, selection: target.selection,
                        fetchSelection: target.fetchSelection))
            } catch  where error.code == .conflict {
                // A tombstone at the key: a rival created and deleted it between the read and the create.
                note(
                    "gqlpatch: note: \(name) is taken (\(error.message)); reading the largest \(sequence.orderField) again"
                )
                continue
            }
            let item: JSONObject
            let response: GraphQLResponse?
            switch outcome {
            case .exists:
                note("gqlpatch: note: \(name) was taken meanwhile; reading the largest \(sequence.orderField) again")
                continue
            case .created(let created, let answer):
                (item, response) = (created, answer)
            case .createdUnseen(let record):
                (item, response) = (record, nil)
            }
            if !sequence.numberIsInKey, try await yields(sequence, key: key, number: number, reader: reader) {
                note(
                    "gqlpatch: note: \(sequence.parentName) has another record at \(sequence.orderField) \(number); deleted \(name) and trying the next number"
                )
                continue
            }
            return NextOutcome(item: item, response: response, key: key, number: number)
        }
        throw GQLPatchError(
            .conflict,
            "\(sequence.parentName): other writers took each \(sequence.orderField) first, \(Self.nextAttempts) times; nothing was written"
        )
    }

    /// Index form, after creating `key` at `number`: whether to give the number up, deleting the record
    /// just made. Of the live records at the number it keeps the one created first (`createdAt`, as the
    /// server wrote it), ties going to the smallest key: a writer yields at once to an earlier rival,
    /// or to a tied one with a smaller key. A tied rival with a larger key may have seen this record
    /// and be yielding, or may have returned before it existed: after a pause it reads again and
    /// yields if that rival is still there. So two records never both stay (a later writer always
    /// sees an earlier create), and a number is lost only when a tied rival's delete is slower than
    /// the pause and a third writer took the next number meanwhile. Without `createdAt` it yields to
    /// any rival.
    private func yields(_ sequence: SequenceDescription, key: JSONObject, number: Int, reader: SequenceReader)
        async throws(GQLPatchError) -> Bool
    {
        let model = sequence.model
        let stamp = model.field("createdAt") != nil ? "createdAt" : nil
        var extra = SelectionSet(fields: [])
        if let stamp { extra.fields.append(SelectionSet.Field(name: stamp)) }
        let selection = reader.selection(for: sequence, adding: extra)
        let rows = try await reader.rows(sequence, selection: selection, condition: .eq(number))
        let rivals = rows.filter { !$0.isDeleted && $0.key != key }
        guard !rivals.isEmpty else { return false }
        var yielding = true
        if let stamp, let created = rows.first(where: { $0.key == key })?.record[stamp]?.stringValue {
            let mine = JSONValue.object(key).serialized()
            var tied: [JSONObject] = []
            yielding = false
            for rival in rivals {
                guard let theirs = rival.record[stamp]?.stringValue, theirs >= created else {
                    yielding = true
                    break
                }
                guard theirs == created else { continue }
                if JSONValue.object(rival.key).serialized() < mine {
                    yielding = true
                    break
                }
                tied.append(rival.key)
            }
            if !yielding, !tied.isEmpty {
                try? await Task.sleep(nanoseconds: Self.tiePause)
                let again = try await reader.rows(sequence, selection: selection, condition: .eq(number))
                yielding = again.contains { !$0.isDeleted && tied.contains($0.key) }
            }
        }
        guard yielding else { return false }
        _ = try await delete(
            DeleteTarget(
                model: model, key: key, selection: Self.keySelection(model), versioned: isVersioned(model)))
        return true
    }

    /// How long a tie's winner waits for its tied rivals to yield before it reads again.
    static let tiePause: UInt64 = 100_000_000
}
