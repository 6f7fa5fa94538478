import GQLPatchSupport
import JSON

extension BatchInput {
    /// The next operation of the run's shard, blank lines passed over and other shards' counted in
    /// `otherShards`; nil at the input's end.
    func nextOperation(of plan: BatchRunPlan, otherShards: inout Int) throws(BatchInputStop) -> BatchOperation? {
        while true {
            let read: JSONLine?
            do {
                read = try source.next()
            } catch {
                throw .failed(error)
            }
            guard let line = read else { return nil }
            if line.isBlank { continue }
            let operation: BatchOperation
            do {
                operation = try parser.parse(line)
            } catch {
                throw .invalidLine(error)
            }
            if plan.applies(operation) { return operation }
            otherShards += 1
        }
    }
}
