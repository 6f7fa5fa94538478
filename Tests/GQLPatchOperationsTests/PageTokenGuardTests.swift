import GQLPatchTestSupport
import JSON
import Testing

@testable import GQLPatchOperations
@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct PageTokenGuardTests {
    @Test func distinctTokensAreFollowedAndNilEndsTheListing() throws {
        var guardian = PageTokenGuard(listing: "listItems")
        #expect(try guardian.follow("a") == "a")
        #expect(try guardian.follow("b") == "b")
        #expect(try guardian.follow(nil) == nil)
    }

    @Test(arguments: [
        ["same-token-0123456789", "same-token-0123456789"],
        ["token-A-0123456789", "token-B-0123456789", "token-A-0123456789"],
    ])
    func aTokenSeenBeforeIsRefusedRedacted(_ tokens: [String]) throws {
        var guardian = PageTokenGuard(listing: "listItems")
        for token in tokens.dropLast() { _ = try guardian.follow(token) }
        do {
            _ = try guardian.follow(tokens.last)
            Issue.record("a repeated token was followed")
        } catch {
            #expect(error.code == .badResponse)
            #expect(
                error.message.hasPrefix(
                    "listItems: the server returned nextToken \(Redactor.redact(tokens.last!)) a second time, on page \(tokens.count)"
                ))
            #expect(!error.message.contains(tokens.last!))
        }
    }
}
