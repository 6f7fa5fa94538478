import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import Testing

/// Runs `body` and checks it throws a `GQLPatchError` with exactly `code` and `message`
/// (or a message starting with `message` when `prefix` is set). Returns the error for more checks.
@discardableResult
package func expectCredentialError(
    _ code: ExitCode,
    _ message: String,
    prefix: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async -> GQLPatchError? {
    do {
        try await body()
        Issue.record("expected an error: \(message)", sourceLocation: sourceLocation)
        return nil
    } catch let error as GQLPatchError {
        #expect(error.code == code, sourceLocation: sourceLocation)
        if prefix {
            #expect(error.message.hasPrefix(message), "\(error.message)", sourceLocation: sourceLocation)
        } else {
            #expect(error.message == message, sourceLocation: sourceLocation)
        }
        return error
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
