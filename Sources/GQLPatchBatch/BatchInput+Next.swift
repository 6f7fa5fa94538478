import GQLPatchSupport

extension BatchInput {
    /// The next operation or call of the run's shard, other shards' counted in `otherShards`; nil at
    /// the input's end. A line that does not parse stops the pass.
    func nextEntry(of plan: BatchRunPlan, otherShards: inout Int) async throws(BatchInputStop) -> BatchEntry? {
        while true {
            let read: BatchEntry?
            do {
                read = try await source.next()
            } catch {
                throw .failed(error)
            }
            guard let entry = read else { return nil }
            if case .refused(let error, _) = entry { throw .invalidLine(error) }
            if plan.applies(entry) { return entry }
            otherShards += 1
        }
    }
}
