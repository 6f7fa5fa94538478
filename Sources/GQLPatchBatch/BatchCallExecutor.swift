import GQLPatchClient
import GQLPatchSupport
import JSON

/// Sends one call line. A query, or a mutation the run was told is safe to repeat
/// (`BatchRunPlan.idempotentCalls`), is retried as any request of the run; any other mutation only
/// where nothing can have reached the server (`once`), is journaled as being sent before it is,
/// and when its answer is lost, or the run stopped while it was being sent, is reported `unknown`:
/// never sent a second time behind the user's back.
package struct BatchCallExecutor: Sendable {
    /// The run's sender, retrying as the run's policy says.
    package var sender: any BatchSending
    /// Retries only what never reached the server (throttled, not connected), over a client that
    /// never resends.
    package var once: any BatchSending
    package var idempotent: Bool
    package let journal: BatchJournal?
    /// How the messages name the run's settings.
    package let wording: ApplyLineWording

    package init(
        sender: any BatchSending, once: any BatchSending, idempotent: Bool, journal: BatchJournal?,
        wording: ApplyLineWording
    ) {
        self.sender = sender
        self.once = once
        self.idempotent = idempotent
        self.journal = journal
        self.wording = wording
    }

    package func run(_ call: BatchCall) async -> LineResult {
        let guarded = call.mutates && !idempotent
        if call.inDoubt, guarded {
            return result(
                call, .unknown,
                error:
                    "the run stopped while \(call.operation) was being sent: it may or may not have been applied, so it was not sent again (check its effect; if sending it twice is safe, resume with \(wording.name(.idempotent)))",
                code: .unavailable)
        }
        if call.mutates, let journal, !call.digest.isEmpty {
            do {
                try journal.recordSending(
                    line: call.line, digest: call.digest, write: BatchLineParser.callOp, expect: nil)
            } catch {
                return result(call, .failed, error: error.message, code: error.code)
            }
        }
        let outcome = await (guarded ? once : sender).send(call.request)
        let response: GraphQLResponse
        switch outcome.result {
        case .success(let answered): response = answered
        case .failure(let error):
            if call.mutates, error.requestMayHaveArrived {
                return result(
                    call, .unknown,
                    error:
                        "\(error.message); \(call.operation) may or may not have been applied: no answer came back\(idempotent ? " after every try" : ", and a custom mutation is not sent twice unless \(wording.name(.idempotent)) says it is safe")",
                    code: error.code)
            }
            var failed = result(call, .failed, error: error.message, code: error.code)
            failed.unreachable = error.code == .unavailable && !error.requestMayHaveArrived
            return failed
        }
        if let failure = response.failure {
            let written =
                call.mutates && response.errors.contains(where: \.mayFollowAWrite)
                ? "; the mutation may or may not have been applied (its resolver may have written before it failed)"
                : ""
            return result(call, .failed, error: failure.message + written, code: failure.code)
        }
        var called = result(call, .called)
        called.value = response.data?[call.operation] ?? .null
        return called
    }

    private func result(_ call: BatchCall, _ status: LineStatus, error: String? = nil, code: ExitCode? = nil)
        -> LineResult
    {
        var result = LineResult(line: call.line, status: status, error: error, code: code, digest: call.digest)
        result.operation = call.operation
        return result
    }
}
