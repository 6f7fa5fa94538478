import GQLPatchSupport
import JSON

/// Reads an HTTP response as AppSync answers: HTTP-level failures become their exit codes,
/// anything else must be a GraphQL JSON response (an object with `data` and/or `errors`).
public enum ResponseClassifier {
    /// `host` is worked out only for a message: a good answer never needs it.
    public static func classify(
        _ response: HTTPResponse, host: @autoclosure () -> String
    ) throws(GQLPatchError) -> GraphQLResponse {
        let parsed = try? JSONValue.parse(response.body)
        // Only the refusals below quote the server's message.
        var suffix: String { parsed.flatMap(Self.firstErrorText).map { ": \($0)" } ?? "" }
        switch response.status {
        case 401, 403:
            throw GQLPatchError(.unauthorized, "HTTP \(response.status) from \(host())\(suffix)")
        case 429:
            let retry = response.headers["retry-after"].map { " (Retry-After: \($0))" } ?? ""
            throw GQLPatchError(.throttled, "throttled: HTTP 429 from \(host())\(retry)\(suffix)")
        case 500...599:
            throw GQLPatchError(.unavailable, "HTTP \(response.status) from \(host())\(suffix)")
        case 300...399:
            let location = response.headers["location"].map { " to \($0)" } ?? ""
            throw GQLPatchError(
                .badResponse, "HTTP \(response.status) redirect\(location) from \(host()); redirects are not followed")
        case 400...499 where response.status != 400:
            throw GQLPatchError(
                .badResponse,
                "HTTP \(response.status) from \(host()): not a GraphQL endpoint (check the URL's path)\(suffix)")
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

    private static func firstErrorText(_ value: JSONValue) -> String? {
        guard let first = value["errors"]?.arrayValue?.first else { return nil }
        return GraphQLErrorItem(first).summary
    }
}
