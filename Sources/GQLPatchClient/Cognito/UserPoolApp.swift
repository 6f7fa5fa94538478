/// The user pool and app client a sign-in goes to, and where Cognito answers for them. No secret.
public struct UserPoolApp: Sendable, Hashable {
    /// `us-east-1_AbC123`.
    public var poolID: String
    /// The app client id.
    public var clientID: String
    public var region: String
    /// Cognito's endpoint (`CognitoEndpoint.url`).
    public var endpoint: String

    public init(poolID: String, clientID: String, region: String, endpoint: String) {
        self.poolID = poolID
        self.clientID = clientID
        self.region = region
        self.endpoint = endpoint
    }

    /// The host (and port) of the endpoint, for messages.
    public var endpointHost: String { GraphQLClient.host(of: endpoint) }
}
