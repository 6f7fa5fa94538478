import GQLPatchClient
import GQLPatchSupport
import HTTP

extension Settings {
    /// The run's GraphQL client over `transport`: the one place one is made, so the endpoint, the
    /// credentials, the extra headers, the timeout and the `--verbose` trace are the same for a
    /// command's requests, a batch's and a dry run's plan.
    package func client(over transport: any HTTPTransport, console: Console) -> GraphQLClient {
        var trace: (@Sendable (String) -> Void)?
        if given.verbose {
            trace = { line in console.message("gqlpatch: \(line)") }
        }
        return GraphQLClient(
            endpoint: endpoint ?? "", transport: transport, authorizer: authorizer, extraHeaders: given.headers,
            timeout: given.timeout ?? GraphQLClient.defaultTimeout, trace: trace, wording: wording)
    }
}
