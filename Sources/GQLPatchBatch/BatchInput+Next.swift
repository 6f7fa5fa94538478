import GQLPatchSupport

extension BatchInput {
    /// The next operation of the run's shard, other shards' counted in `otherShards`; nil at the
    /// input's end.
    func nextOperation(of plan: BatchRunPlan, otherShards: inout Int) async throws(BatchInputStop)
        -> BatchOperation?
    {
        while true {
            let read: BatchEntry?
            do {
                read = try await source.next()
            } catch {
                throw .failed(error)
            }
            switch read {
            case nil:
                return nil
            case .refused(let error, _):
                throw .invalidLine(error)
            case .operation(let operation):
                if plan.applies(operation) { return operation }
                otherShards += 1
            }
        }
    }
}
