/// The user pool settings of an Amplify configuration file: Gen 2 `auth.user_pool_id`,
/// `auth.user_pool_client_id`, `auth.aws_region`; Gen 1
/// `auth.plugins.awsCognitoAuthPlugin.CognitoUserPool.Default` `PoolId`, `AppClientId`, `Region`.
/// Each may be missing; `paths` name them for messages.
public struct AmplifyUserPool: Sendable, Equatable {
    public var poolID: String?
    public var clientID: String?
    public var region: String?
    /// Where the pool id and the client id are in the file (`auth.user_pool_id`, ...).
    public var poolIDPath: String
    public var clientIDPath: String

    public init(poolID: String?, clientID: String?, region: String?, poolIDPath: String, clientIDPath: String) {
        self.poolID = poolID
        self.clientID = clientID
        self.region = region
        self.poolIDPath = poolIDPath
        self.clientIDPath = clientIDPath
    }
}
