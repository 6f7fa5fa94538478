import GQLPatchClient
import GQLPatchSupport

extension RecordService {
    /// What one try of a write came to: done, or refused by a concurrent change (`problem` says
    /// which) and worth reading the record again for another try. `response` is the refusal, given
    /// to `rejected` when no try is left.
    enum ConflictTry<Value> {
        case done(Value)
        case conflict(problem: String, response: GraphQLResponse)
    }

    /// How a conflict retry is told. A versioned write refetches the record's version and gives up;
    /// a guarded edit names the record in its notes, reads it again, and ends with nothing written.
    enum ConflictWording {
        case versioned
        case guarded
    }

    /// The one conflict-retry loop (update, delete, the guarded edits): runs `attempt` for tries
    /// 0...`retryConflicts`; after a conflict it notes the problem, waits (`ConflictPause`, so
    /// writers that collided do not collide again in step) and tries again; after the last try it
    /// gives the refusal to `rejected` and fails with exit 2. `name` is the record, for the messages.
    func retryingConflicts<Value>(
        _ name: String, wording: ConflictWording = .versioned,
        _ attempt: (_ attempt: Int) async throws(GQLPatchError) -> ConflictTry<Value>
    ) async throws(GQLPatchError) -> Value {
        var lastProblem = ""
        for number in 0...retryConflicts {
            switch try await attempt(number) {
            case .done(let value):
                return value
            case .conflict(let problem, let response):
                lastProblem = problem
                guard number < retryConflicts else {
                    try rejected(response)
                    break
                }
                let retrying = "(\(number + 1)/\(retryConflicts))"
                switch wording {
                case .versioned: note("gqlpatch: \(problem); refetching and retrying \(retrying)")
                case .guarded: note("gqlpatch: \(name): \(problem); reading it again and retrying \(retrying)")
                }
                await ConflictPause.wait(afterAttempt: number)
            }
        }
        let ending = wording == .versioned ? "giving up" : "nothing was written"
        throw GQLPatchError(.conflict, "\(name): \(lastProblem) after \(retryConflicts) retries; \(ending)")
    }
}
