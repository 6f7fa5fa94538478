import AWSSigning
import Foundation
import Testing

/// aws-c-auth's layout of the SigV4 suite (`Fixtures/sigv4/aws-signing-test-suite-v4/`): a
/// `context.json`, a `request.txt` without `X-Amz-Date`, and the expected `header-*.txt` files.
///
/// Every case is run in its header form, with the case's own `normalize`, `sign_body` and
/// `omit_session_token`, so the README's "can skip" cases (`*-normalized`, `*-unnormalized`) and
/// the S3-style `post-x-www-form-urlencoded*` (which sign `x-amz-content-sha256`) pass too.
/// Left out: the presigned-URL (`query-*.txt`) form of every case. This signer writes headers
/// only, and those files were not copied into the fixtures.
@Suite struct SigningTestSuiteV4Tests {
    static let cases = [
        // Must pass for a JSON-POST (AppSync) client.
        "get-vanilla", "post-vanilla",
        "post-header-key-case", "post-header-key-sort", "post-header-value-case",
        "get-header-value-trim",
        "post-x-www-form-urlencoded", "post-x-www-form-urlencoded-parameters",
        "get-vanilla-with-session-token", "post-sts-header-before",
        // Should pass (general use).
        "post-vanilla-query", "post-vanilla-empty-query-value", "get-vanilla-query",
        "get-vanilla-empty-query-key", "get-vanilla-query-unreserved", "get-vanilla-utf8-query",
        "get-vanilla-query-order-encoded", "get-vanilla-query-order-key-case",
        "get-unreserved", "get-utf8",
        "get-header-key-duplicate", "get-header-value-order", "get-header-value-multiline",
        "post-sts-header-after",
        // May be skipped by the README (path normalisation on and off), run anyway.
        "get-relative-normalized", "get-relative-unnormalized",
        "get-relative-relative-normalized", "get-relative-relative-unnormalized",
        "get-slash-normalized", "get-slash-unnormalized",
        "get-slash-dot-slash-normalized", "get-slash-dot-slash-unnormalized",
        "get-slash-pointless-dot-normalized", "get-slash-pointless-dot-unnormalized",
        "get-slashes-normalized", "get-slashes-unnormalized",
        "get-space-normalized", "get-space-unnormalized",
    ]

    @Test(arguments: cases)
    func headerSigning(_ name: String) throws {
        let folder = "sigv4/aws-signing-test-suite-v4/" + name + "/"
        let context = try SuiteContext(Fixture.json(folder + "context.json"))
        let raw = try RawHTTPRequest(parsing: Fixture.bytes(folder + "request.txt"))
        let request = raw.signingRequest
        let expectedCanonical = try Fixture.text(folder + "header-canonical-request.txt")
        let expectedStringToSign = try Fixture.text(folder + "header-string-to-sign.txt")
        let expectedSignature = try Fixture.text(folder + "header-signature.txt")
        let signed = try RawHTTPRequest(parsing: Fixture.bytes(folder + "header-signed-request.txt"))
        let signer = context.signer
        let date = context.date

        #expect(signer.canonicalRequest(for: request, date: date) == expectedCanonical)
        #expect(signer.stringToSign(canonicalRequest: expectedCanonical, date: date) == expectedStringToSign)
        #expect(signer.signature(stringToSign: expectedStringToSign, date: date) == expectedSignature)

        // The signed request is the original headers followed by the ones the signer added.
        #expect(
            signed.headers.prefix(raw.headers.count).map { "\($0.name):\($0.value)" }
                == raw.headers.map { "\($0.name):\($0.value)" })
        let expectedAdded = signed.headers.dropFirst(raw.headers.count)
            .map { "\($0.name.lowercased()):\($0.value)" }.sorted()
        let added = signer.sign(request, date: date).map { "\($0.name.lowercased()):\($0.value)" }.sorted()
        #expect(added == expectedAdded)
        #expect(added.contains { $0.hasSuffix("Signature=" + expectedSignature) })
    }

    @Test func everyCaseFolderIsListed() throws {
        let found = try Fixture.caseFolders(under: "sigv4/aws-signing-test-suite-v4") { $0 == "context.json" }
        #expect(found == Self.cases.sorted())
    }
}
