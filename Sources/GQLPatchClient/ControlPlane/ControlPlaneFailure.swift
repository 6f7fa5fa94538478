import GQLPatchSupport
import HTTP
import JSON

/// A control-plane answer other than 200, read as the service sends it: the error type in the
/// `x-amzn-ErrorType` header (its part before `:`), else the body's `__type`, and the body's
/// `message`.
package struct ControlPlaneFailure: Sendable, Equatable {
    package var status: Int
    package var errorType: String?
    package var message: String?

    package init(status: Int, errorType: String?, message: String?) {
        self.status = status
        self.errorType = errorType
        self.message = message
    }

    package init(response: HTTPResponse) {
        let header = response.headers.first { $0.key.lowercased() == "x-amzn-errortype" }?.value
        let body = try? JSONValue.parse(response.body)
        var type = header ?? body?["__type"]?.stringValue ?? body?["code"]?.stringValue
        if let colon = type?.firstIndex(of: ":") { type = String(type![..<colon]) }
        if let hash = type?.lastIndex(of: "#") { type = String(type![type!.index(after: hash)...]) }
        let message = body?["message"]?.stringValue ?? body?["Message"]?.stringValue
        self.init(status: response.status, errorType: type, message: message)
    }

    /// Throttling and the service's own failures: worth asking again.
    package var retryable: Bool {
        status == 429 || status >= 500
            || ["TooManyRequestsException", "ThrottlingException", "LimitExceededException"].contains(errorType ?? "")
    }

    /// The failure as gqlpatch reports it: what was asked, what the service said, and what to do.
    package func error(operation: String, apiID: String, region: String, endpoint: ControlPlaneEndpoint)
        -> GQLPatchError
    {
        let said =
            (errorType.map { GraphQLAPIDescription.shown($0) } ?? "HTTP \(status)")
            + (message.map { ": " + GraphQLAPIDescription.shown($0) } ?? "")
        let place = "\(operation) at \(Redactor.url(endpoint.url))"
        switch (status, errorType ?? "") {
        case (404, _), (_, "NotFoundException"):
            return GQLPatchError(
                .configuration,
                "no GraphQL API \(apiID) in region \(region) (\(place) answered \(said)); check the id and the region (aws appsync list-graphql-apis --region \(region))"
            )
        case (401, _), (403, _), (_, "UnauthorizedException"), (_, "AccessDeniedException"),
            (_, "InvalidSignatureException"), (_, "UnrecognizedClientException"), (_, "ExpiredTokenException"),
            (_, "IncompleteSignatureException"), (_, "MissingAuthenticationTokenException"):
            return GQLPatchError(
                .unauthorized,
                "AppSync's control plane refused the AWS credentials (\(place) answered \(said)); they need appsync:GetGraphqlApi and appsync:GetIntrospectionSchema on the API"
            )
        case (_, "GraphQLSchemaException"):
            return GQLPatchError(
                .configuration,
                "API \(apiID) has no schema the control plane can give (\(place) answered \(said)); deploy its schema, or give one with --schema"
            )
        case (429, _), (_, "TooManyRequestsException"), (_, "ThrottlingException"), (_, "LimitExceededException"):
            return GQLPatchError(.throttled, "\(place) was throttled (\(said)); try again in a moment")
        case (500..., _):
            return GQLPatchError(.unavailable, "\(place) failed (\(said)); try again later")
        default:
            return GQLPatchError(.badResponse, "\(place) answered \(said); nothing was sent to the API")
        }
    }
}
