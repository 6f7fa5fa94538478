import GQLPatchSupport
import HTTP
import JSON

/// Reads an HTTP response as AppSync answers: HTTP-level failures become their exit codes,
/// anything else must be a GraphQL JSON response (an object with `data` and/or `errors`).
public enum ResponseClassifier {
    /// `host` is worked out only for a message: a good answer never needs it. `requestBytes` is the
    /// size of the body sent, named when the server says it is too large.
    package static func classify(
        _ response: HTTPResponse, host: @autoclosure () -> String, requestBytes: Int? = nil, wording: any InputWording
    ) throws(GQLPatchError) -> GraphQLResponse {
        let parsed = try? JSONValue.parse(response.body)
        // Only the refusals below quote the server's message.
        var suffix: String { parsed.flatMap(Self.firstErrorText).map { ": \($0)" } ?? "" }
        // A refused signature or credential is an auth failure whatever the status: AppSync answers a
        // signature mismatch with 400 BadRequestException as well as 403 InvalidSignatureException.
        if (400...499).contains(response.status), let parsed, Self.isSigningRefusal(parsed) {
            throw GQLPatchError(
                .unauthorized, "HTTP \(response.status) from \(host())\(suffix); \(Self.signingHint(wording))")
        }
        switch response.status {
        case 401, 403:
            throw GQLPatchError(.unauthorized, "HTTP \(response.status) from \(host())\(suffix)")
        case 429:
            let retry = response.headers["retry-after"].map { " (Retry-After: \($0))" } ?? ""
            throw GQLPatchError(.throttled, "throttled: HTTP 429 from \(host())\(retry)\(suffix)")
        case 500...599:
            // A gateway's error or a failure after the resolver ran: a write may have been applied.
            var error = GQLPatchError(.unavailable, "HTTP \(response.status) from \(host())\(suffix)")
            error.requestMayHaveArrived = true
            throw error
        case 300...399:
            let location = response.headers["location"].map { " to \($0)" } ?? ""
            throw GQLPatchError(
                .badResponse, "HTTP \(response.status) redirect\(location) from \(host()); redirects are not followed")
        case 404, 405:
            throw GQLPatchError(
                .badResponse,
                "HTTP \(response.status) from \(host()): not a GraphQL endpoint (check the URL's path)\(suffix)")
        case 413:
            let size = requestBytes.map { " (\($0) bytes sent)" } ?? ""
            throw GQLPatchError(
                .badResponse,
                "HTTP 413 from \(host()): the request is larger than the API accepts\(size)\(suffix); nothing was applied"
            )
        case 400...499 where response.status != 400:
            let reason = Self.reasons[response.status].map { " \($0)" } ?? ""
            throw GQLPatchError(
                .badResponse, "HTTP \(response.status)\(reason) from \(host())\(suffix)")
        default:
            break
        }
        guard let parsed, let object = parsed.objectValue else {
            let what = response.body.isEmpty ? "an empty body" : "a body that is not JSON"
            throw GQLPatchError(
                .badResponse, "HTTP \(response.status) from \(host()) with \(what), not a GraphQL response")
        }
        let data = object["data"]
        let errorsValue = object["errors"]
        guard data != nil || errorsValue != nil else {
            throw GQLPatchError(
                .badResponse, "HTTP \(response.status) from \(host()): JSON without \"data\" or \"errors\"")
        }
        var errors: [GraphQLErrorItem] = []
        if let errorsValue, !errorsValue.isNull {
            guard let list = errorsValue.arrayValue else {
                throw GQLPatchError(.badResponse, "HTTP \(response.status) from \(host()): \"errors\" is not a list")
            }
            errors = list.map(GraphQLErrorItem.init)
        }
        if let data, !data.isNull, data.objectValue == nil {
            throw GQLPatchError(.badResponse, "HTTP \(response.status) from \(host()): \"data\" is not an object")
        }
        if !(200...299).contains(response.status), errors.isEmpty {
            throw GQLPatchError(.badResponse, "HTTP \(response.status) from \(host()) without GraphQL errors")
        }
        return GraphQLResponse(data: data, errors: errors, envelope: parsed)
    }

    /// What to check when AWS refused a request's signature or credentials.
    package static func signingHint(_ wording: any InputWording) -> String {
        "the IAM signature or credentials were refused: check the clock (a signature is good for 5 minutes), "
            + "the region and service (appsync) signed for the endpoint, and where the credentials came from "
            + "(\(wording.name(.verbose)) names the source)"
    }

    /// AWS's refusals of a signature or of the credentials behind it, by `errorType` (the message for
    /// a 400 `BadRequestException` that says the signature does not match).
    static let signingRefusals: Set<String> = [
        "InvalidSignatureException", "IncompleteSignatureException", "UnrecognizedClientException",
        "ExpiredTokenException", "InvalidClientTokenId", "SignatureDoesNotMatch", "MissingAuthenticationTokenException",
        "ExpiredToken", "InvalidAccessKeyId", "MissingAuthenticationToken",
    ]

    static func isSigningRefusal(_ body: JSONValue) -> Bool {
        guard let errors = body["errors"]?.arrayValue else { return false }
        return errors.contains { error in
            let item = GraphQLErrorItem(error)
            let type = item.errorType.map { $0.split(separator: ":").last.map(String.init) ?? $0 } ?? ""
            if signingRefusals.contains(type) { return true }
            let message = item.message.lowercased()
            return message.contains("signature we calculated does not match")
                || message.contains("security token included in the request is")
        }
    }

    /// Reason phrases of the 4xx answers worded by status.
    static let reasons: [Int: String] = [
        402: "Payment Required", 406: "Not Acceptable", 407: "Proxy Authentication Required",
        408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
        414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable", 417: "Expectation Failed",
        421: "Misdirected Request", 422: "Unprocessable Content", 425: "Too Early", 426: "Upgrade Required",
        428: "Precondition Required", 431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
    ]

    private static func firstErrorText(_ value: JSONValue) -> String? {
        guard let first = value["errors"]?.arrayValue?.first else { return nil }
        return GraphQLErrorItem(first).summary
    }
}
