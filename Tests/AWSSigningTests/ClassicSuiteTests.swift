import AWSSigning
import Foundation
import Testing

/// The classic AWS SigV4 test suite (`Fixtures/sigv4/aws4_testsuite/`, `.req/.creq/.sts/.authz`)
/// and the AppSync cases generated in the same layout (`Fixtures/sigv4/appsync-derived/`).
///
/// Every classic case is run, including the README's "should pass" and "can skip" ones (path
/// normalisation, repeated query keys, the token added after signing). Nothing is left out.
/// The `.sreq` files are not used: `get-vanilla-with-session-token.sreq` carries a known upstream
/// data bug (get-vanilla's signature); the `.authz` files are the reference.
@Suite struct ClassicSuiteTests {
    static let classicCases = [
        // Must pass for a JSON-POST (AppSync) client.
        "get-vanilla", "post-vanilla",
        "post-header-key-case", "post-header-key-sort", "post-header-value-case",
        "get-header-value-trim",
        "post-x-www-form-urlencoded", "post-x-www-form-urlencoded-parameters",
        "get-vanilla-with-session-token", "post-sts-token/post-sts-header-before",
        // Should pass (general use).
        "post-vanilla-query", "post-vanilla-empty-query-value", "get-vanilla-query",
        "get-vanilla-empty-query-key", "get-vanilla-query-unreserved", "get-vanilla-utf8-query",
        "get-vanilla-query-order-encoded", "get-vanilla-query-order-key-case",
        "get-unreserved", "get-utf8",
        "get-header-key-duplicate", "get-header-value-order", "get-header-value-multiline",
        "post-sts-token/post-sts-header-after",
        // May be skipped by the README, run anyway (botocore itself skips the last four).
        "normalize-path/get-relative", "normalize-path/get-relative-relative", "normalize-path/get-slash",
        "normalize-path/get-slash-dot-slash", "normalize-path/get-slash-pointless-dot",
        "normalize-path/get-slashes", "normalize-path/get-special-character", "normalize-path/get-space",
        "get-vanilla-query-order-key", "get-vanilla-query-order-value",
    ]

    static let appSyncCases = ["appsync-post-json", "appsync-post-json-session-token", "appsync-post-json-utf8"]

    @Test(arguments: classicCases)
    func classicCase(_ name: String) throws {
        let suite = try Fixture.json("sigv4/aws4_testsuite-context.json")
        let defaults = try #require(suite["default"] as? [String: Any])
        let overrides = (suite["cases"] as? [String: Any])?[name] as? [String: Any] ?? [:]
        try check(folder: "sigv4/aws4_testsuite/" + name, context: SuiteContext(overrides, fallback: defaults))
    }

    @Test(arguments: appSyncCases)
    func appSyncCase(_ name: String) throws {
        let folder = "sigv4/appsync-derived/" + name
        try check(folder: folder, context: SuiteContext(Fixture.json(folder + "/context.json")))
    }

    @Test func everyClassicCaseFolderIsListed() throws {
        let found = try Fixture.caseFolders(under: "sigv4/aws4_testsuite") { $0.hasSuffix(".req") }
        #expect(found == Self.classicCases.sorted())
        let derived = try Fixture.caseFolders(under: "sigv4/appsync-derived") { $0.hasSuffix(".req") }
        #expect(derived == Self.appSyncCases.sorted())
    }

    /// Checks each step on its own against its file: the canonical request from the `.req`, the
    /// string to sign from the expected canonical request, the signature from the expected string
    /// to sign, and finally the whole `sign` output against the `.authz`.
    private func check(folder: String, context: SuiteContext) throws {
        let base = folder + "/" + (folder as NSString).lastPathComponent
        let request = try RawHTTPRequest(parsing: Fixture.bytes(base + ".req")).signingRequest
        let expectedCanonical = try Fixture.text(base + ".creq")
        let expectedStringToSign = try Fixture.text(base + ".sts")
        let expectedAuthorization = try Fixture.text(base + ".authz")
        let signer = context.signer
        let date = context.date

        #expect(signer.canonicalRequest(for: request, date: date) == expectedCanonical)
        #expect(signer.stringToSign(canonicalRequest: expectedCanonical, date: date) == expectedStringToSign)
        let expectedSignature = try #require(expectedAuthorization.components(separatedBy: "Signature=").last)
        #expect(signer.signature(stringToSign: expectedStringToSign, date: date) == expectedSignature)

        let added = signer.sign(request, date: date)
        #expect(added.filter { $0.name == "Authorization" }.map(\.value) == [expectedAuthorization])
        #expect(added.filter { $0.name == "X-Amz-Date" }.map(\.value) == [date.amzDate])
        let token = signer.credentials.sessionToken
        #expect(added.filter { $0.name == "X-Amz-Security-Token" }.map(\.value) == (token.map { [$0] } ?? []))
        #expect(added.count == (token == nil ? 2 : 3))
    }
}
