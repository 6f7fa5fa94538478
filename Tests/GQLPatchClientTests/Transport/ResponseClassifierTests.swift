import GQLPatchTestSupport
import HTTP
import JSON
import Testing

@testable import GQLPatchClient
@testable import GQLPatchSupport

@Suite struct ResponseClassifierTests {
    private func response(_ status: Int, _ body: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
    }

    struct FailureCase: Sendable, CustomTestStringConvertible {
        var status: Int
        var body: String
        var headers: [String: String] = [:]
        var code: ExitCode
        var message: String
        var testDescription: String { "\(status) \(body.prefix(30))" }
    }

    @Test(arguments: [
        FailureCase(
            status: 401,
            body:
                #"{"errors":[{"errorType":"UnauthorizedException","message":"Valid authorization header not provided."}]}"#,
            code: .unauthorized,
            message: "HTTP 401 from h: UnauthorizedException: Valid authorization header not provided."),
        FailureCase(status: 403, body: "<html>Forbidden</html>", code: .unauthorized, message: "HTTP 403 from h"),
        FailureCase(
            status: 429, body: "{}", headers: ["retry-after": "2"], code: .throttled,
            message: "throttled: HTTP 429 from h (Retry-After: 2)"),
        FailureCase(status: 502, body: "<html>Bad gateway</html>", code: .unavailable, message: "HTTP 502 from h"),
        FailureCase(
            status: 200, body: "<html>hi</html>", code: .badResponse,
            message: "HTTP 200 from h with a body that is not JSON"),
        FailureCase(status: 200, body: "", code: .badResponse, message: "HTTP 200 from h with an empty body"),
        FailureCase(
            status: 200, body: #"{"data":{"x":1}"#, code: .badResponse,
            message: "HTTP 200 from h with a body that is not JSON"),
        FailureCase(
            status: 200, body: #"{"hello":1}"#, code: .badResponse,
            message: #"HTTP 200 from h: JSON without "data" or "errors""#),
        FailureCase(
            status: 200, body: #"{"data":[1]}"#, code: .badResponse,
            message: #"HTTP 200 from h: "data" is not an object"#),
        FailureCase(
            status: 200, body: #"{"errors":{}}"#, code: .badResponse,
            message: #"HTTP 200 from h: "errors" is not a list"#),
        FailureCase(
            status: 302, body: "", headers: ["location": "https://evil/"], code: .badResponse,
            message: "HTTP 302 redirect to https://evil/ from h"),
        FailureCase(
            status: 404, body: "Not found", code: .badResponse,
            message: "HTTP 404 from h: not a GraphQL endpoint (check the URL's path)"),
        FailureCase(
            status: 404, body: #"{"errors":[{"errorType":"NotFoundException","message":"no such path"}]}"#,
            code: .badResponse,
            message: "HTTP 404 from h: not a GraphQL endpoint (check the URL's path): NotFoundException: no such path"),
    ])
    func httpFailures(_ testCase: FailureCase) {
        #expect {
            _ = try ResponseClassifier.classify(
                response(testCase.status, testCase.body, headers: testCase.headers), host: "h",
                wording: SourceNameWording())
        } throws: { error in
            guard let error = error as? GQLPatchError else { return false }
            return error.code == testCase.code && error.message.hasPrefix(testCase.message)
        }
    }

    /// Refused signatures are auth failures by their type, not their status; a 5xx may have applied a
    /// write; a 413 names the size sent (issue 32 #3-#5).
    @Test func signingRefusalsGatewaysAndSizes() {
        let signature =
            #"{"errors":[{"errorType":"BadRequestException","message":"The request signature we calculated does not match the signature you provided."}]}"#
        #expect {
            _ = try ResponseClassifier.classify(response(400, signature), host: "h", wording: SourceNameWording())
        } throws: { error in
            guard let error = error as? GQLPatchError else { return false }
            return error.code == .unauthorized
                && error.message.hasPrefix("HTTP 400 from h: BadRequestException: The request signature")
                && error.message.contains(ResponseClassifier.signingHint(SourceNameWording()))
        }
        #expect {
            _ = try ResponseClassifier.classify(
                response(504, "<html>Gateway Timeout</html>"), host: "h", wording: SourceNameWording())
        } throws: { error in
            (error as? GQLPatchError)?.requestMayHaveArrived == true
        }
        #expect {
            _ = try ResponseClassifier.classify(
                response(413, "too big"), host: "h", requestBytes: 9_000_000, wording: SourceNameWording())
        } throws: { error in
            (error as? GQLPatchError)?.message
                == "HTTP 413 from h: the request is larger than the API accepts (9000000 bytes sent); nothing was applied"
        }
    }

    @Test func graphQLErrorsAreClassified() throws {
        let conflict = try ResponseClassifier.classify(
            response(
                200,
                #"{"data":{"updateItem":null},"errors":[{"errorType":"ConflictUnhandled","message":"Conflict resolver rejects mutation.","data":{"id":"1","_version":4}}]}"#
            ),
            host: "h", wording: SourceNameWording())
        #expect(conflict.errors.first?.isConflict == true)
        #expect(conflict.errors.first?.data?["_version"] == .int(4))
        #expect(conflict.failure?.code == .conflict)

        let condition = try ResponseClassifier.classify(
            response(
                200,
                #"{"data":{"updateItem":null},"errors":[{"errorType":"DynamoDB:ConditionalCheckFailedException","message":"The conditional request failed"}]}"#
            ),
            host: "h", wording: SourceNameWording())
        #expect(condition.errors.first?.isConditionalCheckFailed == true)
        #expect(condition.failure?.code == .conflict)

        let unauthorized = try ResponseClassifier.classify(
            response(
                200,
                #"{"data":null,"errors":[{"errorType":"Unauthorized","message":"Not Authorized to access updateItem on type Mutation"}]}"#
            ),
            host: "h", wording: SourceNameWording())
        #expect(unauthorized.failure?.code == .unauthorized)

        let validation = try ResponseClassifier.classify(
            response(200, #"{"data":null,"errors":[{"message":"Validation error of type FieldUndefined"}]}"#),
            host: "h", wording: SourceNameWording())
        #expect(validation.failure?.code == .graphQLError)
        #expect(
            validation.failure?.message == "the server answered with errors: Validation error of type FieldUndefined")

        let malformed = try ResponseClassifier.classify(
            response(
                400,
                #"{"errors":[{"message":"Unable to parse GraphQL query.","errorType":"MalformedHttpRequestException"}]}"#
            ),
            host: "h", wording: SourceNameWording())
        #expect(malformed.failure?.code == .graphQLError)
    }

    @Test func successfulResponse() throws {
        let ok = try ResponseClassifier.classify(
            response(200, #"{"data":{"getItem":{"id":"1"}}}"#), host: "h", wording: SourceNameWording())
        #expect(ok.errors.isEmpty)
        #expect(ok.field("getItem")?["id"] == .string("1"))
        #expect(ok.failure == nil)
        let missing = try ResponseClassifier.classify(
            response(200, #"{"data":{"getItem":null}}"#), host: "h", wording: SourceNameWording())
        #expect(missing.field("getItem") == nil)
    }

    @Test func redaction() {
        #expect(Redactor.redact("da2-abcdefghijklmnopqrstuvwxyz") == "da2-…wxyz")
        #expect(Redactor.redact("short") == "…")
        #expect(Redactor.headerValue(name: "X-Api-Key", value: "da2-abcdefghijklmnopqrstuvwxyz") == "da2-…wxyz")
        #expect(Redactor.headerValue(name: "Content-Type", value: "application/json") == "application/json")
    }
}
