import JSON

@testable import GQLPatchClient
@testable import GQLPatchSupport

/// Reads arbitrary bytes as a Cognito answer: as an error body (`CognitoFailure`, any status), and
/// as a 200 answer to InitiateAuth (`CognitoAnswer.read`). Any `GQLPatchError` is fine; a trap is
/// not. Tokens accepted must be sendable header values within the bound, with a lifetime in range.
enum CognitoAnswerFuzzTarget {
    static func run(_ bytes: [UInt8]) {
        for status in [400, 429, 500] {
            let failure = CognitoFailure(status: status, body: bytes)
            _ = failure.exitCode
            _ = failure.text
            precondition(failure.type.map { !$0.isEmpty && !$0.contains("#") } ?? true, "a type with its namespace")
        }
        guard let object = (try? JSONValue.parse(bytes))?.objectValue else { return }
        do {
            let answer = try CognitoAnswer.read(object, now: 1_000) { GQLPatchError(.badResponse, $0) }
            if case .tokens(let tokens) = answer {
                for token in tokens.secrets {
                    precondition(HeaderCheck.problem(inValue: token) == nil, "a token that is not a header value")
                    precondition(token.utf8.count <= CognitoAnswer.maxTokenBytes, "a token over the bound")
                }
                precondition(
                    (1_001...1_000 + CognitoAnswer.maxLifetime).contains(tokens.expiresAt), "a lifetime out of range")
            }
        } catch {
            precondition(error.code == .badResponse, "an answer refused with \(error.code)")
        }
    }
}
