import GQLPatchBatch
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import HTTP

@testable import GQLPatchCLI
@testable import GQLPatchClient

/// Classifies arbitrary HTTP responses: the first two bytes choose the status (100...599), the
/// third whether a `retry-after`/`location` header is present, the rest is the body. Every outcome
/// must be a `GraphQLResponse` (2xx, or errors present) or a `GQLPatchError` with a message.
enum ResponseClassifierFuzzTarget {
    static func run(_ bytes: [UInt8]) {
        guard bytes.count >= 3 else { return }
        let status = 100 + (Int(bytes[0]) << 8 | Int(bytes[1])) % 500
        var headers: [String: String] = [:]
        if bytes[2] & 1 != 0 { headers["retry-after"] = "2" }
        if bytes[2] & 2 != 0 { headers["location"] = "https://elsewhere.example/graphql" }
        let response = HTTPResponse(status: status, headers: headers, body: Array(bytes.dropFirst(3)))
        do {
            let classified = try ResponseClassifier.classify(
                response, host: "fuzz.example", wording: CommandLineWording())
            precondition((200...299).contains(status) || !classified.errors.isEmpty, "non-2xx accepted without errors")
            precondition(
                classified.data != nil || !classified.errors.isEmpty || classified.envelope["errors"] != nil,
                "accepted without data or errors")
            for error in classified.errors { _ = error.summary }
        } catch {
            precondition(!error.message.isEmpty, "empty error message")
        }
    }
}
