import GQLPatchClient
import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// Upsert: update the record if it exists, else create it with the key and the changes. Race-safe by
/// construction: an update that finds no record turns into a create, and a create that finds the
/// record created meanwhile (its key exists) turns back into an update, a bounded number of times. So
/// concurrent upserts of one new key make one record, created once and updated by the rest.
package struct RecordUpserter: Sendable {
    /// The service updates go through.
    package var records: RecordService
    /// Read the record before an unversioned update too (`RecordService.update`'s `readsBefore`).
    package var readsBefore: Bool
    /// The service creates go through (the command line's retries a lost create once, same key).
    package var creator: RecordService

    package init(records: RecordService, readsBefore: Bool = false, creator: RecordService) {
        self.records = records
        self.readsBefore = readsBefore
        self.creator = creator
    }

    package struct Target: Sendable {
        package var update: UpdateTarget
        package var create: RecordService.CreateTarget

        package init(update: UpdateTarget, create: RecordService.CreateTarget) {
            self.update = update
            self.create = create
        }
    }

    package enum Outcome: Sendable {
        case updated(UpdateOutcome)
        /// Created: the record, and the create's response (nil when a lost try created it).
        case created(item: JSONObject, response: GraphQLResponse?)
    }

    /// How many times an upsert may switch between update and create before giving up (exit 2).
    package static let rounds = 4

    package func run(_ target: Target) async throws(GQLPatchError) -> Outcome {
        let name = target.update.name
        for round in 0..<Self.rounds {
            do {
                return .updated(try await records.update(target.update, readsBefore: readsBefore))
            } catch {
                // Not found (never a soft-deleted record's tombstone, whose key cannot be created again).
                guard error.code == .notFound, error.kind != .softDeleted else { throw error }
            }
            switch try await creator.create(target.create) {
            case .created(let item, let response): return .created(item: item, response: response)
            case .createdUnseen(let record): return .created(item: record, response: nil)
            case .exists:
                if round + 1 < Self.rounds {
                    records.note("gqlpatch: note: \(name) was created meanwhile; updating it instead")
                    await ConflictPause.wait(afterAttempt: round)
                }
            }
        }
        throw GQLPatchError(
            .conflict,
            "\(name): created and deleted by others \(Self.rounds) times while upserting; nothing was written")
    }
}
